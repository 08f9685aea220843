"""The bounded reader (:func:`trf.bounded.read_bounded`) and the sizes of :mod:`trf.limits`: a file
is read at most one byte past its limit, whatever it is (a regular file, a device, a FIFO, an
endless pipe), and the limits hold the largest files the format allows."""

from __future__ import annotations

import os
import pickle
import subprocess
import threading
from pathlib import Path

import pytest

from trf import limits
from trf.bounded import InputTooLarge, read_bounded
from trf.limits import ENTRANTS, K_FACTORS, RESULTS, TRF_FILE, InputLimit
from trf.parser import parse_file

pytestmark = pytest.mark.fast

SMALL = InputLimit("a test file", 100, 5, "a hundred bytes")


def test_a_file_at_the_limit_is_read_and_one_byte_more_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "f.txt"
    path.write_bytes(b"x" * 100)
    assert read_bounded(path, SMALL) == b"x" * 100
    path.write_bytes(b"x" * 101)
    with pytest.raises(InputTooLarge) as info:
        read_bounded(path, SMALL)
    assert info.value.by == "bytes" and info.value.limit is SMALL and info.value.path == str(path)
    assert str(info.value) == f"{path} is larger than a test file can be (100 bytes: a hundred bytes); not read"


def test_lines_are_bounded_too_whatever_the_line_ending(tmp_path: Path) -> None:
    path = tmp_path / "f.txt"
    for ending in (b"\n", b"\r\n", b"\r"):
        path.write_bytes(b"a" + ending * 5)
        assert read_bounded(path, SMALL) == b"a" + ending * 5
        path.write_bytes(b"a" + ending * 6)
        with pytest.raises(InputTooLarge, match=r"has more lines than a test file can have \(5: a hundred bytes\)"):
            read_bounded(path, SMALL)


def test_a_device_reporting_no_size_is_read_no_further_than_the_limit() -> None:
    """``/dev/zero`` says its size is 0: only a bounded read stops on it."""
    assert os.stat("/dev/zero").st_size == 0
    seen: list[int] = []
    with pytest.raises(InputTooLarge, match="larger than a TRF file can be"):
        read_bounded("/dev/zero", TRF_FILE, seen.append)
    assert sum(seen) == TRF_FILE.size + 1


def test_a_sparse_file_larger_than_the_limit_is_refused_unread(tmp_path: Path) -> None:
    path = tmp_path / "huge.trf"
    with open(path, "wb") as f:
        f.truncate(50 * 1024 ** 3)  # 50 GB of nothing, a few blocks on disk
    seen: list[int] = []
    with pytest.raises(InputTooLarge):
        read_bounded(path, TRF_FILE, seen.append)
    assert seen == []  # its size said enough: not a byte read


def test_a_fifo_with_an_endless_writer_stops(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    writer = subprocess.Popen(["sh", "-c", f"yes 001 > '{fifo}'"], stderr=subprocess.DEVNULL)
    try:
        with pytest.raises(InputTooLarge):
            read_bounded(fifo, ENTRANTS)
    finally:
        writer.kill()
        writer.wait(timeout=30)


def test_a_fifo_is_read_whole_when_its_writer_ends(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    text = b"012 Over a pipe\n"

    def write() -> None:
        with open(fifo, "wb") as f:
            f.write(text)

    thread = threading.Thread(target=write)
    thread.start()
    assert read_bounded(fifo, TRF_FILE) == text
    thread.join(timeout=30)


def test_errors_of_the_system_are_oserrors(tmp_path: Path) -> None:
    with pytest.raises(IsADirectoryError):
        read_bounded(tmp_path, SMALL)
    with pytest.raises(FileNotFoundError):
        read_bounded(tmp_path / "absent", SMALL)


def test_the_error_keeps_its_data_through_pickling() -> None:
    """A batch worker's error reaches the parent process whole."""
    exc = InputTooLarge("f.csv", K_FACTORS, "lines")
    again = pickle.loads(pickle.dumps(exc))
    assert (again.path, again.limit, again.by, str(again)) == (exc.path, exc.limit, exc.by, str(exc))


def test_parse_file_is_bounded(tmp_path: Path) -> None:
    path = tmp_path / "blank.trf"
    path.write_bytes(b"\n" * (TRF_FILE.lines + 1))  # minutes of the parser's time, were it read
    with pytest.raises(InputTooLarge, match="has more lines than a TRF file can have"):
        parse_file(path)


# --------------------------------------------------------------------------- the sizes


def _largest_player_line(rank: int) -> str:
    """A player line with all 99 round blocks: 1,079 characters (TRF-16 columns 1-1079)."""
    head = f"001 {rank:4d} m GM {'Lastname-Lastname, Firstname Name':33} 2700 NOR 12345678901 1999/12/31 99.9 {rank:4d}"
    line = head + "".join(f"  {1 + (rank + r) % 9999:4d} w 1" for r in range(limits.MAX_ROUNDS))
    assert len(head) == 89 and len(line) == limits.PLAYER_LINE_MAX == 1079
    return line


def test_the_trf_limit_is_derived_from_the_format() -> None:
    """9,999 players x 99 rounds: 1,081 characters a player (CRLF), as much again for the rest,
    4 bytes a character; ten lines a player, ten a round, a thousand more."""
    assert limits.MAX_TRF_CHARACTERS == 2 * 9999 * 1081 == 21_617_838
    assert limits.MAX_TRF_BYTES == TRF_FILE.size == 4 * 21_617_838 == 86_471_352
    assert TRF_FILE.lines == limits.MAX_TRF_LINES == 10 * 9999 + 10 * 99 + 1000 == 101_980
    assert (ENTRANTS.size, RESULTS.size, K_FACTORS.size) == (20_480_000, 5_120_000, 10_240_000)
    assert limits.GENERATOR_CONFIG.size == 1_024_000


@pytest.mark.parametrize("encoding", ["utf-8", "utf-16", "utf-32"])
def test_the_largest_trf_file_the_format_allows_is_within_the_limit(tmp_path: Path, encoding: str) -> None:
    """Every player with 99 rounds, CRLF endings, headers: read, in UTF-8, UTF-16 and UTF-32."""
    head = ["012 The largest tournament TRF can hold", "042 2026/01/01", "XXR 99"]
    lines = head + [_largest_player_line(rank) for rank in range(1, limits.MAX_START_RANK + 1)]
    data = ("\r\n".join(lines) + "\r\n").encode(encoding)
    path = tmp_path / "largest.trf"
    path.write_bytes(data)
    assert read_bounded(path, TRF_FILE) == data
    assert len(data) < TRF_FILE.size



def test_every_library_reader_is_bounded() -> None:
    """The library's own readers (the CLI's are tested in tests/arbiter/test_bounded_input.py):
    each stops on /dev/zero with the limit of what it reads."""
    from event import store
    from ratings.kfactor import read_k_file
    from roundrobin.event import read_entrants
    from verify.batch import check_files

    for read, limit in ((store.load, TRF_FILE), (read_k_file, K_FACTORS), (read_entrants, ENTRANTS)):
        with pytest.raises(InputTooLarge) as info:
            read(Path("/dev/zero"))
        assert info.value.limit is limit
    [outcome] = list(check_files(["/dev/zero"]))
    assert outcome.status == "invalid" and "/dev/zero is larger than a TRF file can be" in (outcome.error or "")


def test_a_varma_file_is_bounded(tmp_path: Path) -> None:
    from roundrobin.event import numbered_entrants, parse_groups

    path = tmp_path / "groups.txt"
    with open(path, "wb") as f:
        f.truncate(ENTRANTS.size + 1)
    with pytest.raises(InputTooLarge):
        parse_groups(str(path), numbered_entrants(4))
