"""What a tournament's rows say, in the pure core's terms: entrants, history, standings,
the knockout bracket, the Kasteel tables and the crosstable.

Everything here reads; nothing writes. The rounds module pairs from these, the page
shows them. Player ids are user ids.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from tournaments.models import Tournament, TournamentBye, TournamentGame, TournamentPlayer
from tournaments.pairing import (
    ByeResult,
    Entrant,
    GameResult,
    KasteelStep,
    KnockoutMatch,
    StandingRow,
    TableResult,
    first_round,
    following,
    kasteel_step,
    knockout_rounds,
    match_state,
    round_robin,
    standings,
)
from tournaments.pairing.kasteel_teams import Team, team_results, team_sums
from tournaments.pairing.knockout import MAX_GAMES

Format = Tournament.Format


def entries(tournament: Tournament) -> list[TournamentPlayer]:
    """The players in seed order: strongest first, equal ratings by joining order."""
    rows = list(tournament.players.select_related("user").order_by("joined_at", "id"))
    return sorted(rows, key=lambda e: -(e.rating or 0))


def entrants(tournament: Tournament, *, active_only: bool = False) -> list[Entrant]:
    return [Entrant(e.user_id, e.rating or 0) for e in entries(tournament)
            if not (active_only and e.withdrawn_at)]


def withdrawn(tournament: Tournament) -> set[int]:
    return set(tournament.players.filter(withdrawn_at__isnull=False)
               .values_list("user_id", flat=True))


def games(tournament: Tournament) -> list[TournamentGame]:
    return list(TournamentGame.objects.filter(round__tournament=tournament)
                .select_related("round", "match", "first", "second")
                .order_by("round__number", "board", "replay"))


def history(tournament: Tournament) -> tuple[list[GameResult], list[ByeResult]]:
    """Every ended two-player game and every bye, as the core takes them."""
    results = [
        GameResult(g.round.number, g.first_id, g.second_id, g.score_first, g.forfeit)
        for g in games(tournament)
        if g.ended and g.score_first is not None and g.first_id and g.second_id
    ]
    byes = [ByeResult(b.round.number, b.user_id, b.points)
            for b in TournamentBye.objects.filter(round__tournament=tournament)
            .select_related("round")]
    return results, byes


def forbidden(tournament: Tournament) -> list[tuple[int, int]]:
    """The pairs a director forbade (they never meet in a Swiss round)."""
    return list(tournament.forbidden_pairings.values_list("first_id", "second_id"))


def schedule(tournament: Tournament):
    """A round robin's rounds, all of them (computed from the seeded field)."""
    return round_robin(entrants(tournament), cycles=tournament.cycles)


def total_rounds(tournament: Tournament) -> int | None:
    """How many rounds the tournament has (None: Kasteel rounds, until one table)."""
    count = tournament.players.count()
    if tournament.format == Format.ROUND_ROBIN:
        return len(schedule(tournament)) if count >= 2 else None
    if tournament.format == Format.SWISS:
        return tournament.round_count
    if tournament.format == Format.KNOCKOUT:
        return knockout_rounds(count) if count >= 2 else None
    return tournament.round_count


def standing_rows(tournament: Tournament) -> list[StandingRow]:
    results, byes = history(tournament)
    order = [e.id for e in entrants(tournament)]
    return standings(order, results, byes, tiebreaks=tournament.tiebreak_order)


# --- knockout ---------------------------------------------------------------------------


@dataclass
class Slot:
    """A bracket match and what happened in it: its games and, once decided, its winner."""

    match: KnockoutMatch
    games: list[TournamentGame] = field(default_factory=list)
    winner: int | None = None
    next_game: tuple[int, int] | None = None  # (first, second) of the game to play next
    counted: list[TournamentGame] = field(default_factory=list)  # the games that count

    @property
    def wanted(self) -> TournamentGame | None:
        """The running game the match waits for (the next one it counts), if any."""
        last = self.counted[-1] if self.counted else None
        return last if last is not None and not last.ended else None


def high_score(match: KnockoutMatch, game: TournamentGame) -> float | None:
    """The high seed's points in a game of the match; None while it runs. An annulled
    game (ended without a score) counts as drawn: the match goes on with a replay."""
    if not game.ended:
        return None
    if game.score_first is None:
        return 0.5
    return game.score_first if game.first_id == match.high.id else 1.0 - game.score_first


def counted_games(match: KnockoutMatch, games_: list[TournamentGame]) -> list[TournamentGame]:
    """The games that decide a match, in order: its games between its two players, up to
    the first decisive one (or a running one). Games between other players (paired
    before a decision changed who plays here) and games the site cancelled count for
    nothing; so does a replay made after a draw that was later corrected to a win (the
    correction decided the match)."""
    players = {match.high.id, match.low.id if match.low else None}
    chosen: list[TournamentGame] = []
    for game in games_:
        if game.cancelled or {game.first_id, game.second_id} != players:
            continue
        chosen.append(game)
        score = high_score(match, game)
        if score is None or score != 0.5 or len(chosen) == MAX_GAMES:
            break
    return chosen


def bracket(tournament: Tournament) -> list[list[Slot]]:
    """The knockout's rounds as far as they are known: round 1 from the seeds, a slot of
    a later round once both slots it follows have a winner. A round may so be known in
    part: a decision that reopens one match leaves the rest of the bracket standing."""
    field_ = entrants(tournament)
    if len(field_) < 2:
        return []
    total = knockout_rounds(len(field_))
    by_round: dict[int, dict[int, list[TournamentGame]]] = defaultdict(lambda: defaultdict(list))
    for game in games(tournament):
        by_round[game.round.number][game.board].append(game)
    matches = first_round(field_, seed=tournament.seed)
    rounds: list[list[Slot]] = []
    while matches:
        number = matches[0].round
        slots = []
        for match in matches:
            slot = Slot(match, by_round[number][match.slot])
            slot.counted = counted_games(match, slot.games)
            scores = [high_score(match, g) for g in slot.counted]
            if match.is_bye:
                slot.winner = match.high.id
            elif None not in scores:
                state = match_state(match, scores)
                slot.winner = state.winner
                if state.next_game:
                    slot.next_game = (state.next_game.first, state.next_game.second)
            slots.append(slot)
        rounds.append(slots)
        if number >= total:
            return rounds
        matches = following(matches, {s.match.slot: s.winner for s in slots
                                      if s.winner is not None})
    return rounds


def final_winner(tournament: Tournament) -> int | None:
    """The knockout's winner: the final's, once it is decided."""
    rounds = bracket(tournament)
    total = knockout_rounds(len(entrants(tournament))) if rounds else 0
    if len(rounds) == total and rounds[-1]:
        return rounds[-1][0].winner
    return None


# --- Kasteel ----------------------------------------------------------------------------


def table_results(games_: list[TournamentGame]) -> list[TableResult]:
    return [TableResult(g.board, {int(k): v for k, v in g.places.items()})
            for g in games_ if g.ended]


def team_map(tournament: Tournament) -> dict[int, int]:
    """A team event's players and their teams (user id: team id); empty otherwise."""
    if not tournament.team_event:
        return {}
    return dict(tournament.players.filter(team__isnull=False)
                .values_list("user_id", "team_id"))


def teams(tournament: Tournament) -> list[Team]:
    """A team event's teams in seed order: the mean of their players' ratings, strongest
    first; equal ratings by the order they were formed in. Members in joining order."""
    members: dict[int, list[TournamentPlayer]] = defaultdict(list)
    for entry in tournament.players.filter(team__isnull=False).order_by("joined_at", "id"):
        members[entry.team_id].append(entry)
    found = [Team(team_id, tuple(e.user_id for e in rows),
                  sum(e.rating or 0 for e in rows) / len(rows))
             for team_id, rows in members.items()]
    order = list(tournament.teams_formed.values_list("pk", flat=True))
    return sorted(found, key=lambda t: (-t.rating, order.index(t.id) if t.id in order else 0))


def _team_step(tournament: Tournament, results: list[TableResult], totals, pieces,
               playoffs: int, out: frozenset[int], team_of: dict[int, int]) -> KasteelStep:
    """A team event's round decided per team (``kasteel_step`` over team ids, castle
    points and pieces home summed per team), told back in players: the members of the
    teams going on, and the winning team's first player."""
    order = teams(tournament)
    members = {t.id: t.members for t in order}
    step = kasteel_step(team_results(results, team_of), top=tournament.advance_top,
                        table_size=(tournament.table_size or 4) // 2,
                        totals=team_sums(totals, team_of), seeds=[t.id for t in order],
                        playoffs=playoffs,
                        out=frozenset(team_of[p] for p in out if p in team_of),
                        pieces={t: int(v) for t, v in team_sums(pieces, team_of).items()})
    going = tuple(m for team in step.going_on for m in members.get(team, ()))
    winner = members[step.winner][0] if step.winner in members else None
    return KasteelStep(going_on=going, winner=winner, final=step.final)


def kasteel_steps(tournament: Tournament, games_: list[TournamentGame] | None = None,
                  totals: dict[int, float] | None = None) -> list[KasteelStep]:
    """What followed each finished Kasteel round, round by round (``kasteel_step``):
    who went on, or the winner. Castle points add up over the rounds (the rules: "a
    tournament sums the scores of several games"). Tables the site cancelled (their
    round was seated again after a decision) count for nothing. ``games_`` and
    ``totals``: the tables and castle points to fold instead of the stored ones (a
    decision weighed before it is made: tournaments.kasteel_sync)."""
    tables: dict[int, list[TournamentGame]] = defaultdict(list)
    games_ = games(tournament) if games_ is None else games_
    for game in games_:
        if not game.cancelled:
            tables[game.round.number].append(game)
    totals = kasteel_totals(tournament) if totals is None else totals
    pieces = pieces_of(games_)
    seeds = [e.id for e in entrants(tournament)]
    out = frozenset(withdrawn(tournament))
    steps: list[KasteelStep] = []
    playoffs = 0
    team_of = team_map(tournament)
    for number in sorted(tables):
        round_tables = tables[number]
        if not round_tables or not all(g.ended for g in round_tables):
            break
        if team_of:
            step = _team_step(tournament, table_results(round_tables), totals, pieces,
                              playoffs, out, team_of)
        else:
            step = kasteel_step(table_results(round_tables), top=tournament.advance_top,
                                table_size=tournament.table_size or 2, totals=totals,
                                seeds=seeds, playoffs=playoffs, out=out, pieces=pieces)
        steps.append(step)
        playoffs = playoffs + 1 if len(round_tables) == 1 else 0
        if step.winner is not None or not step.going_on:
            break
    return steps


def kasteel_totals(tournament: Tournament) -> dict[int, float]:
    """Each player's castle points summed over the tournament's tables (an annulled
    table counts for nothing)."""
    from games.models import Match, Seat

    totals: dict[int, float] = defaultdict(float)
    for seat in Seat.objects.filter(
            match__tournament_game__round__tournament=tournament, score__isnull=False,
            user__is_bot=False).exclude(match__end_reason=Match.Reason.ANNULLED):
        totals[seat.user_id] += float(seat.score)
    return totals


def kasteel_pieces(tournament: Tournament) -> dict[int, int]:
    """Each player's pieces home (in their castle at a table's end) summed over the
    tournament's tables: the tie-break after castle points. Read from the stored results,
    which the fold writes from each table's final state (an annulled table: none)."""
    return pieces_of(TournamentGame.objects.filter(round__tournament=tournament, ended=True))


def pieces_of(games_) -> dict[int, int]:
    """Each player's pieces home summed over the ended tables of ``games_`` that count."""
    pieces: dict[int, int] = defaultdict(int)
    for game in games_:
        if game.ended and not game.cancelled:
            for player, count in game.pieces_home.items():
                pieces[int(player)] += count
    return pieces


def kasteel_leader(tournament: Tournament) -> int | None:
    """The best of the last finished round: place, then castle points, then pieces home,
    then seed."""
    last = tournament.rounds.order_by("-number").first()
    results = table_results(list(last.games.filter(cancelled=False))) if last else []
    totals, seeds = kasteel_totals(tournament), [e.id for e in entrants(tournament)]
    pieces = kasteel_pieces(tournament)
    out = withdrawn(tournament)
    team_of = team_map(tournament)
    if team_of:  # the best team, told as its first player
        order = teams(tournament)
        tseeds = [t.id for t in order]
        ttotals, tpieces = team_sums(totals, team_of), team_sums(pieces, team_of)
        tout = {team_of[p] for p in out if p in team_of}
        best = [(place, -ttotals.get(t, 0.0), -tpieces.get(t, 0), tseeds.index(t), t)
                for r in team_results(results, team_of) for t, place in r.places.items()
                if t not in tout and t in tseeds]
        return order[tseeds.index(min(best)[-1])].members[0] if best else None
    placed = [(place, -totals.get(p, 0.0), -pieces.get(p, 0),
               seeds.index(p) if p in seeds else len(seeds), p)
              for r in results for p, place in r.places.items() if p not in out]
    return min(placed)[-1] if placed else None


# --- the crosstable ---------------------------------------------------------------------


def crosstable(tournament: Tournament, rows: list[StandingRow]) -> dict:
    """Round by round for each player (Swiss), or player against player (round robin).

    Cells are strings: "1", "½", "0" with the opponent's number for Swiss ("+" in its
    place for a bye, with the bye's points: a requested or a late entry's bye may be
    worth ½ or 0; "F" marks a forfeit).
    """
    number = {row.player: i for i, row in enumerate(rows, 1)}
    results, byes = history(tournament)
    if tournament.format == Format.ROUND_ROBIN:
        cells: dict[int, dict[int, list[str]]] = {r.player: defaultdict(list) for r in rows}
        for game in sorted(results, key=lambda g: g.round):
            for me in (game.first, game.second):
                if me in cells:
                    cells[me][game.opponent_of(me)].append(_mark(game.score_of(me), game.forfeit))
        return {"kind": "matrix", "columns": [number[r.player] for r in rows],
                "rows": [[" ".join(cells[r.player].get(o.player, [])) if o.player != r.player
                          else "×" for o in rows] for r in rows]}
    played = max([g.round for g in results] + [b.round for b in byes] + [0])
    grid: dict[int, dict[int, str]] = {r.player: {} for r in rows}
    for game in results:
        for me in (game.first, game.second):
            if me in grid:
                opponent = number.get(game.opponent_of(me), "?")
                grid[me][game.round] = f"{_mark(game.score_of(me), game.forfeit)} ({opponent})"
    for bye in byes:
        if bye.player in grid:
            grid[bye.player][bye.round] = f"{_mark(bye.points, False)} (+)"
    return {"kind": "rounds", "columns": list(range(1, played + 1)),
            "rows": [[grid[r.player].get(n, "") for n in range(1, played + 1)] for r in rows]}


def _mark(score: float | None, forfeit: bool) -> str:
    text = {1.0: "1", 0.5: "½", 0.0: "0"}.get(score, "")
    return f"{text}F" if forfeit else text
