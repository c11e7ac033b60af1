"""autobahn's debug dump of every connection is formatted only when it is logged."""

from pprint import pformat

from druidsite.autobahn_debug import LazyFormat, defer_autobahn_debug_formatting


class CountedRepr:
    formatted = 0

    def __repr__(self) -> str:
        CountedRepr.formatted += 1
        return "counted"


def test_it_formats_nothing_until_the_line_is_written():
    CountedRepr.formatted = 0
    lazy = LazyFormat([("option", CountedRepr(), "Factory")])
    assert CountedRepr.formatted == 0
    assert str(lazy) == pformat([("option", "counted", "Factory")]).replace("'counted'", "counted")
    assert CountedRepr.formatted == 1


def test_it_writes_what_pformat_would():
    value = {"peer": "tcp:127.0.0.1:5000", "options": list(range(40))}
    assert str(LazyFormat(value)) == pformat(value)
    assert f"\n{LazyFormat(value)}" == "\n" + pformat(value)


def test_it_is_in_place_in_the_web_process():
    from autobahn.websocket import protocol

    import druidsite.asgi  # noqa: F401  (the web process's entry point installs it)

    assert protocol.pformat is LazyFormat
    assert defer_autobahn_debug_formatting() is True
