"""The floor: a bare `websockets` server doing the app's fan-out and nothing else.

    python -m bench.loadkit.bare --port P

Sockets connect to `/t/<lesson>/<table>/<seat>` (a tablet) or `/d/<lesson>` (the teacher's
dashboard) and speak the app's message shapes: `sync` is answered with an empty `parts`; an `act`
carrying the next `version` is acknowledged to its sender, and a `parts` message of N bytes with
that version goes to every socket of the table (N is the act's `pad`, so the baseline
sends what the app sent per update in the same run), and a small one to the lesson's dashboard. One
process, one event loop, no database, no channel layer: the practical floor on this machine.
"""

import argparse
import asyncio
import functools
import json
import random
from collections import defaultdict

from websockets.asyncio.server import broadcast, serve

WORDS = ("seat", "theory", "project", "method", "funding", "reputation", "rigour", "insight",
         "replication", "hex", "noise", "anomaly", "publish", "test", "round", "market")


@functools.cache
def payload(size, seed=7):
    """HTML-like text of `size` characters that deflates about as well as the app's parts."""
    rng = random.Random(seed)
    pieces, length = [], 0
    while length < size:
        words = " ".join(rng.choice(WORDS) for _ in range(rng.randint(2, 6)))
        piece = f'<li class="{rng.choice(WORDS)}-row" data-n="{rng.randint(0, 999)}">{words}</li>'
        pieces.append(piece)
        length += len(piece)
    return "".join(pieces)[:size]


class Fanout:
    def __init__(self):
        self.tables = defaultdict(set)
        self.dashboards = defaultdict(set)

    async def handler(self, websocket):
        parts = websocket.request.path.strip("/").split("/")
        if parts[0] == "t" and len(parts) == 4:
            lesson, table = parts[1], parts[2]
            members = self.tables[(lesson, table)]
        elif parts[0] == "d" and len(parts) == 2:
            lesson, table = parts[1], None
            members = self.dashboards[lesson]
        else:
            await websocket.close(4004)
            return
        members.add(websocket)
        try:
            async for text in websocket:
                self.receive(websocket, json.loads(text), lesson, table)
        finally:
            members.discard(websocket)

    def receive(self, websocket, message, lesson, table):
        if message.get("type") == "sync":
            broadcast([websocket], json.dumps({"type": "parts", "version": None, "parts": {}}))
            return
        if message.get("type") != "act" or table is None:
            return
        version = message["version"]
        update = {"type": "parts", "version": version, "parts": {"pad": payload(pad_size(message))}}
        broadcast(self.tables[(lesson, table)], json.dumps(update))
        dashboard = {"type": "parts", "version": version, "table": table,
                     "parts": {f"table-{table}": f"<p>v{version}</p>"}}
        broadcast(self.dashboards[lesson], json.dumps(dashboard))
        broadcast([websocket], json.dumps({"type": "ack", "ref": message.get("id"),
                                           "version": version}))


def pad_size(message):
    size = message.get("pad")
    return min(size, 60000) if isinstance(size, int) and size > 0 else 4096


async def main(port):
    fanout = Fanout()
    async with serve(fanout.handler, "127.0.0.1", port, max_size=65536,
                     ping_interval=20, ping_timeout=20) as server:
        await server.serve_forever()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, required=True)
    args = parser.parse_args()
    asyncio.run(main(args.port))
