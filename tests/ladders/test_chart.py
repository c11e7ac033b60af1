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
