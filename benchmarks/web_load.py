"""A load test of `rulings serve`: many /api/ask requests at once, beside a trivial endpoint of the same framework.

    python3 benchmarks/web_load.py [--requests 2000] [--concurrency 20]

Starts `rulings serve` on a free loopback port, and beside it a trivial Starlette app (one async route answering
"ok", behind the same guard, under uvicorn with the same settings), warms both, then sends each the same
number of requests from the same number of client threads, each thread on its own keep-alive connection.
Prints throughput, the median and 99th-percentile latency, and the ratio of the two (what a ruling costs
over the framework's own floor, on this machine, in this run). It asserts nothing and no test runs it: a
timing depends on the machine. Only loopback addresses are used, the request count is bounded, and both
servers are stopped at the end.
"""

from __future__ import annotations

import argparse
import http.client
import socket
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HOST = "127.0.0.1"
ASKS = [
    "/api/ask?pack=fantasy&quantity=to_hit&given=shooter.bs%3D3",
    "/api/ask?pack=fantasy&quantity=to_hit&given=shooter.bs%3D3&given=shooter.moved%3Dtrue",
    "/api/ask?pack=fantasy&quantity=to_hit&given=shooter.bs%3D3&given=target.in_hard_cover%3Dtrue",
    "/api/ask?pack=wh40k&quantity=hit_roll&roll=3&target=3%2B",
]


def new_asks(count: int, start: int = 0) -> list[str]:
    """`count` /api/ask queries no other in the run asks (from `start`): fantasy shots by skill and target's unit
    strength, so no answer kept for a query (`Packs.kept_answer`) serves them, and each is worked out."""
    return [f"/api/ask?pack=fantasy&quantity=to_hit&given=shooter.bs%3D{1 + i % 10}"
            f"&given=target.unit_strength%3D{i // 10 % 100}" + ("&given=shooter.moved%3Dtrue" if i >= 1000 else "")
            for i in range(start, start + count)]


TRIVIAL = """
import uvicorn
from starlette.applications import Starlette
from starlette.responses import PlainTextResponse
from starlette.routing import Route
from rulings.web.guard import Guard, allowed_hosts


async def ok(request):  # async: a plain function would pay a thread-pool hop, which is no part of the floor
    return PlainTextResponse("ok")


app = Guard(Starlette(routes=[Route("/ok", ok)]), allowed_hosts())
uvicorn.run(app, host="127.0.0.1", port={port}, log_level="warning", limit_concurrency=256,
            h11_max_incomplete_event_size=64 * 1024)
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


@contextmanager
def serving(argv: list[str], port: int, probe: str) -> Iterator[None]:
    """A server process on `port`, answered `probe` before yielding, stopped after."""
    process = subprocess.Popen(argv, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(600):
            try:
                conn = http.client.HTTPConnection(HOST, port, timeout=5)
                conn.request("GET", probe)
                conn.getresponse().read()
                conn.close()
                break
            except OSError:
                if process.poll() is not None:
                    raise SystemExit(f"the server stopped: {' '.join(argv)}") from None
                time.sleep(0.1)
        else:
            raise SystemExit(f"no answer within 60 s: {' '.join(argv)}")
        yield
    finally:
        process.terminate()
        process.wait(timeout=10)


def load(port: int, paths: list[str], requests: int, concurrency: int) -> dict[str, float]:
    """Send `requests` GETs (cycling through `paths`) from `concurrency` threads; the timings."""
    local = threading.local()
    failed = []

    def one(i: int) -> float:
        conn = getattr(local, "conn", None)
        if conn is None:
            conn = local.conn = http.client.HTTPConnection(HOST, port, timeout=120)
        start = time.perf_counter()
        conn.request("GET", paths[i % len(paths)])
        response = conn.getresponse()
        response.read()
        if response.status != 200:
            failed.append(response.status)
        return time.perf_counter() - start

    began = time.perf_counter()
    with ThreadPoolExecutor(max_workers=concurrency) as pool:
        seconds = sorted(pool.map(one, range(requests)))
    wall = time.perf_counter() - began
    return {"throughput": requests / wall, "p50": statistics.median(seconds) * 1000,
            "p99": seconds[max(int(len(seconds) * 0.99) - 1, 0)] * 1000, "failed": len(failed), "wall": wall}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--concurrency", type=int, default=20)
    args = parser.parse_args()
    requests, concurrency = min(args.requests, 20000), min(args.concurrency, 200)  # bounded, whatever is asked
    rulings_port, trivial_port = free_port(), free_port()
    results = {}
    with serving([sys.executable, "-m", "rulings.cli", "serve", "--port", str(rulings_port)], rulings_port,
                 "/api/packs"):
        load(rulings_port, ASKS, 100, concurrency)  # warm: packs loaded, caches filled
        results["/api/ask"] = load(rulings_port, ASKS, requests, concurrency)
    with serving([sys.executable, "-c", TRIVIAL.format(port=trivial_port)], trivial_port, "/ok"):
        load(trivial_port, ["/ok"], 100, concurrency)
        results["trivial /ok"] = load(trivial_port, ["/ok"], requests, concurrency)
    print(f"{requests} requests at concurrency {concurrency}, loopback, one uvicorn worker each")
    print(f"{'endpoint':<12} {'req/s':>8} {'p50 ms':>8} {'p99 ms':>8} {'failed':>7}")
    for name, r in results.items():
        print(f"{name:<12} {r['throughput']:>8.0f} {r['p50']:>8.1f} {r['p99']:>8.1f} {r['failed']:>7.0f}")
    ask, trivial = results["/api/ask"], results["trivial /ok"]
    print(f"/api/ask over trivial: throughput x{ask['throughput'] / trivial['throughput']:.2f}, "
          f"p50 x{ask['p50'] / trivial['p50']:.1f}, p99 x{ask['p99'] / trivial['p99']:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
