"""The site's date formats, one per language (``FORMAT_MODULE_PATH``): a date and
time is written "5 Dec 2026, 00:47" in English and "5 dec 2026, 00:47" in Dutch,
a date alone "5 Dec 2026" / "5 dec 2026", wherever the site shows one (through
``druidsite.dates``, the templates' ``when`` and ``day`` filters). Short, with
the year, a 24-hour clock: no "a.m." and no month names that differ in length."""
