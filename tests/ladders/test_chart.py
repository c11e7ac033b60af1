"""The rating chart's geometry, computed on the server."""

from ladders.charts import line_chart


def test_it_draws_nothing_without_values():
    assert line_chart([]) is None


def test_it_spreads_the_points_across_the_width():
    chart = line_chart([1500, 1662, 1600], width=200, height=100, margin=10, label_width=40)
    points = [tuple(map(float, p.split(","))) for p in chart.points.split()]
    assert [x for x, _ in points] == [40.0, 115.0, 190.0]
    assert points[1][1] == 10.0  # the highest value touches the top
    assert points[0][1] == 90.0  # the lowest the bottom
    assert (chart.top_label, chart.bottom_label) == (1662, 1500)
    assert (chart.last_x, chart.last_y) == points[-1]


def test_it_keeps_a_minimum_span_so_small_changes_stay_small():
    chart = line_chart([1500, 1510], min_span=100)
    assert (chart.top_label, chart.bottom_label) == (1555, 1455)


def test_it_draws_a_single_value_as_a_flat_line():
    chart = line_chart([1500])
    ys = {p.split(",")[1] for p in chart.points.split()}
    assert len(chart.points.split()) == 2 and len(ys) == 1


def test_its_svg_numbers_stay_numbers_in_dutch():
    """Dutch writes 1234,5 for 1234.5: the chart's coordinates are written unlocalized
    (the last point's dot had gone to the corner)."""
    import re
    from types import SimpleNamespace

    from django.template.loader import render_to_string
    from django.utils import translation

    chart = line_chart([1500.0, 1562.3, 1531.7])
    rating = SimpleNamespace(game="druidenwalzer", rating=1531.7, deviation=80.2,
                             provisional=False, games=3)
    with translation.override("nl"):
        html = render_to_string("ladders/_rating_chart.html", {
            "rows": [{"rating": rating, "chart": chart}],
            "player": SimpleNamespace(username="alice")})
    svg = html.split("<svg", 1)[1].split("</svg>", 1)[0]
    assert f'cx="{chart.last_x}"' in svg and f'cy="{chart.last_y}"' in svg
    assert not re.search(r'(cx|cy|x1|y1|x2|y2|x|y)="-?\d+,\d', svg)
