"""Dutch: 5 dec 2026, 00:47 (druidsite.formats); "b" is the month's short name in
lower case, as Dutch writes it ("M" would give "Dec", "Mrt")."""

DATE_FORMAT = "j b Y"
DATETIME_FORMAT = "j b Y, H:i"
SHORT_DATE_FORMAT = DATE_FORMAT
SHORT_DATETIME_FORMAT = DATETIME_FORMAT
