"""`printkit kit`: the whole print-and-play kit, checked from the written PDFs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from drawcheck import pdf_pages

from printkit.cli import main

ROOT = Path(__file__).resolve().parent.parent
CHIMNEY = str(ROOT / "levels" / "07-the-chimney.yaml")  # players [2, 3, 4]
PARTS = ["cards.pdf", "kit.pdf", "map.pdf", "rules.pdf", "tokens.pdf"]
AVATARS = ["Fox", "Goat", "Mouse", "Penguin"]


def run(*args: str, input: str | None = None) -> Result:
    result = CliRunner().invoke(main, ["kit", *args], input=input)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def movement_cards(cards_pdf: Path) -> dict[str, int]:
    """How many movement cards of each avatar the card fronts hold (title and a big number)."""
    found = dict.fromkeys(AVATARS, 0)
    for page in pdf_pages(cards_pdf):
        for avatar in AVATARS:
            found[avatar] += len(re.findall(rf"{avatar}(?=[1-6])", page.text))  # "Fox111": title, value
    return found


@pytest.fixture(scope="module")
def kit_for_two(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Result]:
    """The Chimney's kit for 2 players, made once for the tests that only read it."""
    folder = tmp_path_factory.mktemp("kit-for-two")
    return folder, run(CHIMNEY, "--players", "2", "-o", str(folder))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_kit_has_the_right_cards_and_pawns_for_the_players(tmp_path: Path, players: int, kit_for_two) -> None:
    if players == 2:
        tmp_path, result = kit_for_two
    else:
        result = run(CHIMNEY, "--players", str(players), "-o", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == PARTS
    cards = movement_cards(tmp_path / "cards.pdf")
    assert cards == {avatar: 6 if index < players else 0 for index, avatar in enumerate(AVATARS)}
    (tokens,) = pdf_pages(tmp_path / "tokens.pdf")
    assert f"{players} pawns" in tokens.text
    assert f"tokens for {players} players" in tokens.text


def test_kit_pdf_is_every_part_with_blank_backs_for_single_sided_pages(kit_for_two) -> None:
    tmp_path, result = kit_for_two
    assert result.exit_code == 0
    pages = {name: pdf_pages(tmp_path / name) for name in PARTS}
    single = len(pages["map.pdf"]) + len(pages["rules.pdf"]) + len(pages["tokens.pdf"])
    assert len(pages["kit.pdf"]) == 2 * single + len(pages["cards.pdf"])
    kit = pages["kit.pdf"]
    assert "The Chimney" in kit[0].text and kit[1].text == "" and not kit[1].lines and not kit[1].rects
    assert "rules on one page" in kit[2].text and kit[3].text == ""
    assert all(round(page.width_mm, 2) == 210.0 and round(page.height_mm, 2) == 297.0 for page in kit)


def test_single_sided_kits_have_no_backs_and_no_blank_pages(tmp_path: Path) -> None:
    assert run(CHIMNEY, "--players", "2", "--single-sided", "-o", str(tmp_path)).exit_code == 0
    kit = pdf_pages(tmp_path / "kit.pdf")
    cards = pdf_pages(tmp_path / "cards.pdf")
    assert all(page.text for page in kit)
    assert len(kit) == 3 + len(cards)
    assert all(re.search(r"(Fox|Goat)[1-6]|Gem|Heart|Web|Chest|Ghost|Your turn", page.text) for page in cards)
    assert len(cards) == 3  # 12 movement cards, the 7 box cards of the Chimney's box, 2 player aids: 21 cards


# A box card's front read back: its title, then the first words of its text.
BOX_FRONTS = {"gem": r"Gem(?=Keep it)", "heart": r"Heart(?=Keep it)", "web": r"Web(?=Place it)",
              "chest": r"Chest(?=Place it)", "ghost": r"Ghost(?=Move the ghost)"}


def box_cards(cards_pdf: Path) -> dict[str, int]:
    """How many box cards of each kind the fronts hold, and ("back") the Box backs."""
    pages = pdf_pages(cards_pdf)
    found = {kind: sum(len(re.findall(front, page.text)) for page in pages) for kind, front in BOX_FRONTS.items()}
    return {**found, "back": sum(page.text.count("?Box") for page in pages)}


def game_box(level) -> dict[str, int]:
    """The box a game of `level` holds after its set-up (S28, S29), as `play` shows it."""
    from gamescript import Scripted

    from printkit.sinpin.game.state import BOX_KINDS, new_game, set_up

    game = new_game(level, [Scripted(), Scripted()], seed=1)
    set_up(game)
    return dict(zip(BOX_KINDS, game.state.box))


def test_the_kit_prints_the_box_after_set_up_and_no_other_box_card(tmp_path: Path) -> None:
    """A newcomer's review: the Chimney's kit printed 16 gem and 8 web cards with the Box back,
    but its set-up puts every gem and web on the map (S28), so the box holds none (S29,
    S34 (b); `play` shows {'gem': 0, 'web': 0, 'heart': 4, 'chest': 1, 'ghost': 2}): a
    family shuffling every Box card played another game. The kit prints that box exactly."""
    from printkit.sinpin.loader import read_level

    assert run(CHIMNEY, "--players", "4", "-o", str(tmp_path)).exit_code == 0
    box = game_box(read_level(CHIMNEY).level())
    assert box == {"gem": 0, "heart": 4, "web": 0, "chest": 1, "ghost": 2}
    assert box_cards(tmp_path / "cards.pdf") == {**box, "back": 7}
    (rules,) = pdf_pages(tmp_path / "rules.pdf")
    assert re.search(r"Box\s*back,\s*shuffled\s*face\s*down:\s*4\s*hearts,\s*1\s*chest\s*and\s*2\s*ghost\s*cards", rules.text)


def test_a_box_with_gems_and_webs_left_gets_their_cards(tmp_path: Path) -> None:
    """Set-up places 3 gems and 2 webs here (setup_gems 3, setup_webs 2), one of the webs the
    map's own: the box keeps 13 gems and 6 webs (S29), and 2 hearts (box_hearts)."""
    from printkit.sinpin.level import Level
    from printkit.sinpin.rules import Rules

    text = ("rules: {setup_gems: 3, setup_webs: 2, setup_marks: 1, box_hearts: 2}\n"
            "map: |\n  ############\n  #Aw.......Z#\n  ############\n")
    assert run("-", "--players", "2", "-o", str(tmp_path), input=text).exit_code == 0
    rules = Rules(setup_gems=3, setup_webs=2, setup_marks=1, box_hearts=2)
    box = game_box(Level.from_text("############\n#Aw.......Z#\n############", rules=rules))
    assert box == {"gem": 13, "heart": 2, "web": 6, "chest": 1, "ghost": 2}
    assert box_cards(tmp_path / "cards.pdf") == {**box, "back": 24}
    (rules,) = pdf_pages(tmp_path / "rules.pdf")
    assert re.search(r"13\s*gems,\s*6\s*webs,\s*2\s*hearts,\s*1\s*chest\s*and\s*2\s*ghost\s*cards", rules.text)


def test_the_same_level_gives_byte_identical_kits(tmp_path: Path) -> None:
    first, second = tmp_path / "a", tmp_path / "b"
    assert run(CHIMNEY, "--players", "3", "-o", str(first)).exit_code == 0
    assert run(CHIMNEY, "--players", "3", "-o", str(second)).exit_code == 0
    for name in PARTS:
        assert (first / name).read_bytes() == (second / name).read_bytes(), name


def test_players_default_to_the_most_the_level_allows_with_the_same_note(tmp_path: Path) -> None:
    """Without --players the kit is for the most the level allows (the Chimney: 4), and that
    count is checked as an asked one is: before, no note, though only 26 % got out."""
    result = run(CHIMNEY, "-o", str(tmp_path))
    assert result.exit_code == 0 and "kit for 4 players" in result.output
    asked = run(CHIMNEY, "--players", "4", "-o", str(tmp_path))
    notes = [[line for line in each.stderr.splitlines() if "note:" in line] for each in (result, asked)]
    assert notes[0] == notes[1] and len(notes[0]) == 1 and "only 26% of the avatars got out" in notes[0][0]


def test_a_count_the_level_plays_poorly_for_gets_a_note_and_the_kit(tmp_path: Path, kit_for_two) -> None:
    """A newcomer's review: the README's first kit is the Chimney for 4, where the README's
    own simulation catches 71 % of the avatars. `kit --players` now plays the count as
    `kit --random` does (24 games of greedy bots, printkit.sinpin.game.playercounts): at 4
    only 26 % get out by the exit, a one-line note; the kit is printed all the same (exit 0)."""
    result = run(CHIMNEY, "--players", "4", "-o", str(tmp_path))
    assert result.exit_code == 0 and "kit for 4 players" in result.stderr
    [note] = [line for line in result.stderr.splitlines() if "note:" in line]
    assert note == (f"{CHIMNEY}: note: in 24 simulated games of 4 players only 26% of the avatars got out by the exit (the"
                    " ghost, S30); fewer players may suit it better")
    assert sorted(p.name for p in tmp_path.iterdir()) == PARTS
    _, two = kit_for_two  # at 2, 62 % get out: no note
    assert two.exit_code == 0 and "note:" not in two.stderr


def test_an_invalid_level_gets_no_kit(tmp_path: Path) -> None:
    result = run("-", "-o", str(tmp_path / "kit"), input="map: |\n  #####\n  #A#Z#\n  #####\n")
    assert result.exit_code == 1
    assert "S26" in result.output and "nothing written" in result.output
    assert not (tmp_path / "kit").exists()


def test_bad_usage_writes_nothing(tmp_path: Path) -> None:
    out = tmp_path / "kit"
    level = "players: [2]\nmap: |\n  #####\n  #A.Z#\n  #####\n"
    assert run("-", "--players", "3", "-o", str(out), input=level).exit_code == 2  # not a count of the level
    assert run(str(tmp_path / "missing.yaml"), "-o", str(out)).exit_code == 2
    deck = tmp_path / "deck.yaml"
    deck.write_text("deck: x\ncards:\n  - {title: A, value: 1, count: -1}\n", encoding="utf-8")
    result = run("-", "--deck", str(deck), "-o", str(out), input=level)
    assert result.exit_code == 1 and f"{deck}:3:" in result.output  # a deck's problems are findings
    assert not out.exists()
    a_file = tmp_path / "file.pdf"
    a_file.write_bytes(b"")
    assert run("-", "-o", str(a_file), input=level).exit_code == 2


def test_an_unwritable_output_is_a_message_and_exit_2_and_nothing_is_replaced(tmp_path: Path) -> None:
    (tmp_path / "kit.pdf").mkdir()  # a folder where kit.pdf should go
    result = run(CHIMNEY, "--players", "2", "-o", str(tmp_path))
    assert result.exit_code == 2
    assert "kit.pdf: cannot write: it is a folder" in result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kit.pdf"]
    assert "kit for 2 players" not in result.output  # no success line before a failed write (issue 12 item 14)


def test_the_success_line_follows_the_files_written(kit_for_two) -> None:
    tmp_path, result = kit_for_two
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[-1].endswith("long-edge duplex") and "kit for 2 players" in lines[-1]
    assert lines[-2] == str(tmp_path / "kit.pdf")


def test_cards_rules_and_tokens_follow_the_level_s_rule_knobs(tmp_path: Path) -> None:
    level = "rules: {blade_points: 5, max_health: 5, box_hearts: 7}\nmap: |\n  #####\n  #A.Z#\n  #####\n"
    assert run("-", "--players", "2", "-o", str(tmp_path), input=level).exit_code == 0
    cards = " ".join(page.text for page in pdf_pages(tmp_path / "cards.pdf"))
    # (text read back from a PDF loses the spaces where lines wrap)
    assert re.search(r"up to\s*5", cards) and re.search(r"under\s*5\s*points", cards)
    assert not re.search(r"up to\s*3", cards) and "{" not in cards
    assert len(re.findall(r"Heart(?=Keep it)", cards)) == 7  # box_hearts heart cards (S29)
    (tokens,) = pdf_pages(tmp_path / "tokens.pdf")
    # a heart card drawn is kept (S23, S29): the hearts are health, max_health a player (S25)
    assert re.search(r"10\s*hearts\s*health", tokens.text) and "at most 5" in tokens.text
    (rules,) = pdf_pages(tmp_path / "rules.pdf")
    assert re.search(r"fewer\s*than\s*5\s*points", rules.text) and re.search(r"up\s*to\s*5", rules.text)


def test_tokens_and_rules_agree_on_the_set_up(tmp_path: Path) -> None:
    """A review: with setup_gems 3 the rules sheet said 3 gems and the token sheet 16 (S28)."""
    level = ("rules: {setup_gems: 3, setup_webs: 0, setup_marks: 0}\n"
             "map: |\n  ##########\n  #A......Z#\n  ##########\n")
    assert run("-", "--players", "2", "-o", str(tmp_path), input=level).exit_code == 0
    (rules,) = pdf_pages(tmp_path / "rules.pdf")
    assert re.search(r"holds\s*3\s*gems\s*in\s*all", rules.text)
    (tokens,) = pdf_pages(tmp_path / "tokens.pdf")
    assert "3 gems" in tokens.text and "16 gems" not in tokens.text and "question mark" not in tokens.text
    # one vacant field: the rules sheet says the 1 web set-up places (S28: fewer when no vacant field is left),
    # as the token sheet and the box (7 webs) do; it said the map is filled to 8 webs, 16 gems, 4 question marks
    tiny = tmp_path / "tiny"
    assert run("-", "--players", "2", "-o", str(tiny), input="map: |\n  #####\n  #A.Z#\n  #####\n").exit_code == 0
    (rules,) = pdf_pages(tiny / "rules.pdf")
    assert re.search(r"1\s*web\s*is\s*placed", rules.text) and not re.search(r"until\s*the\s*map\s*holds", rules.text)
    assert re.search(r"16\s*gems,\s*7\s*webs", rules.text)
    # and no question mark is on the map or placed, so nothing draws the box's 7 webs or its chest (S23):
    # the token sheet has only the web placed, the rules sheet says the box is never drawn from
    assert re.search(r"the\s*box\s*is\s*never\s*drawn\s*from", rules.text)
    (tokens,) = pdf_pages(tiny / "tokens.pdf")
    assert re.search(r"1\s*web\s*placed\s*at\s*set-up", tokens.text) and "drawn" not in tokens.text


def test_a_deck_with_no_room_for_crop_marks_gets_a_note(tmp_path: Path) -> None:
    deck = tmp_path / "big.yaml"
    deck.write_text("deck: Big\nsize: 100x140\nbacks:\n  plain: {design: plain}\ncards:\n  - {title: A, value: 1}\n", encoding="utf-8")
    level = "map: |\n  #####\n  #A.Z#\n  #####\n"
    result = run("-", "--players", "2", "--deck", str(deck), "-o", str(tmp_path / "kit"), input=level)
    assert result.exit_code == 0, result.output
    assert "note: crop marks left out left and right of the cards" in result.output


def test_random_writes_a_fresh_valid_level_beside_its_whole_kit(tmp_path: Path) -> None:
    from printkit.sinpin.loader import read_level
    from printkit.sinpin.moves.validator import validate

    # seed 1: the first cave tried supports 3 players (seed 3 tries five: 2.5 s more a run)
    result = run("--random", "--seed", "1", "--players", "3", "-o", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(PARTS + ["level.yaml"])
    level = read_level(str(tmp_path / "level.yaml")).level()
    assert validate(level).valid and level.author == "printkit generate"
    assert level.name in pdf_pages(tmp_path / "map.pdf")[0].text
    assert movement_cards(tmp_path / "cards.pdf") == {"Fox": 6, "Goat": 6, "Mouse": 6, "Penguin": 0}
    again = tmp_path / "again"
    assert run("--random", "--seed", "1", "--players", "3", "-o", str(again)).exit_code == 0
    assert (again / "level.yaml").read_bytes() == (tmp_path / "level.yaml").read_bytes()
    assert 3 in level.players  # a count the level supports, or a note says it does not


def test_random_without_players_prints_for_the_most_players_the_cave_supports(tmp_path: Path) -> None:
    from printkit.sinpin.loader import read_level
    from printkit.sinpin.game.playercounts import SUPPORT_SHARE, exit_share

    result = run("--random", "--seed", "2", "-o", str(tmp_path))  # a cave for 3 players, not all 4
    assert result.exit_code == 0, result.output
    level = read_level(str(tmp_path / "level.yaml")).level()
    assert f"kit for {max(level.players)} players" in result.stderr and "note:" not in result.stderr
    assert all(exit_share(level, count) >= SUPPORT_SHARE for count in level.players)


@pytest.mark.parametrize("args", [[], [CHIMNEY, "--random"], [CHIMNEY, "--seed", "3"]])
def test_a_level_file_or_random_one_of_the_two(tmp_path: Path, args: list[str]) -> None:
    result = run(*args, "-o", str(tmp_path))
    assert result.exit_code == 2 and not any(tmp_path.iterdir())


def test_standard_input_for_both_the_level_and_the_deck_is_a_usage_error(tmp_path: Path) -> None:
    result = run("-", "--deck", "-", "-o", str(tmp_path / "kit"), input="map: |\n  #####\n  #A.Z#\n  #####\n")
    assert result.exit_code == 2 and "standard input (-) can be read once" in result.output
    assert not (tmp_path / "kit").exists()
