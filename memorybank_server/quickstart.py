"""Serving stdio: the handshake is answered from what the SDK itself said last time, while the SDK
is still importing; then the session is the SDK's.

Why: importing the MCP SDK builds pydantic models for two protocol versions and costs most of a
second, while `initialize` and the four list requests of a given server and client always get the
same answers. So every session relays the client's lines to the SDK and records, per
`initialize` request (its parameters less `clientInfo` and `_meta`) and per negotiated protocol
version, the SDK's own results for `initialize`, `tools/list`, `prompts/list`, `resources/list`
and `resources/templates/list` (first page), in the cache folder (`surface-<kind>.json`, keyed by
the package version and the modules of this package, the SDK and pydantic). The next session
answers those requests itself, word for word, while the SDK imports in a thread; every other line
waits in order. When the SDK is ready it is handed the client's `initialize` (its reply dropped,
the client has one), then every waiting line, then the live stream. A request nothing was
recorded for simply waits for the SDK, so the worst case is the session without the snapshot.
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import json
import os
import queue
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, BinaryIO

from memorybank_lint import __version__
from memorybank_lint.cachedir import CacheFolder
from memorybank_lint.config import Config, Reload
from memorybank_lint.parse_cache import code_stamp
from memorybank_lint.paths import real_path
from memorybank_lint.untrusted import TooManyDigits, Unreadable, json_value, top_level_members

from .surface import decide

# Requests whose answer depends only on the server and the request's own parameters.
RECORDED = frozenset(
    {
        "initialize",
        "server/discover",
        "ping",
        "tools/list",
        "prompts/list",
        "resources/list",
        "resources/templates/list",
    }
)
MAX_ANSWERS = 64  # recorded answers kept in one snapshot: a few clients' handshakes
MAX_KEY = 4096  # characters of one request's key: real handshakes are a few hundred
_WHO = ("clientInfo", "io.modelcontextprotocol/clientInfo", "progressToken")
_READY, _EOF = object(), object()


def _stamp_of(module: str) -> str | None:
    spec = importlib.util.find_spec(module)
    places = list(spec.submodule_search_locations or []) if spec is not None else []
    return code_stamp(Path(places[0])) if places else None


def identity() -> list[Any]:
    """What the recorded answers depend on besides the request: this package and the libraries
    that build the answers (found without importing them)."""
    here = Path(__file__).parent
    return [__version__, code_stamp(here), *(_stamp_of(name) for name in ("mcp", "mcp_types", "pydantic"))]


def request_key(method: str, params: Any, negotiated: str | None) -> str | None:
    """What an answer to `method` may depend on, as one string: the parameters less who the
    client is and its progress token, and the protocol version `initialize` settled (the 2026
    protocol carries its version in every request's `_meta` instead). None: not recorded."""
    if method not in RECORDED or not isinstance(params, dict) or params.get("cursor") is not None:
        return None
    kept = {k: v for k, v in params.items() if k not in _WHO}
    if isinstance(kept.get("_meta"), dict):
        kept["_meta"] = {k: v for k, v in kept["_meta"].items() if k not in _WHO}
    return json.dumps([method, negotiated, kept], sort_keys=True, separators=(",", ":"))


class Relay:
    """The client's lines in, the SDK's lines out; answers from and records into the snapshot."""

    def __init__(self, wire: BinaryIO, folder: CacheFolder | None, kind: str) -> None:
        self.wire, self.folder, self.name = wire, folder, f"surface-{kind}.json"
        self.identity = identity() if folder is not None else []
        self.answers = self._load()
        self.negotiated: str | None = None  # the version `initialize` settled (the 2024-2025 protocols)
        self.watch: dict[Any, str] = {}  # request id -> its key, for requests the SDK answers
        self.drop: Any = None  # the id of the replayed `initialize`, whose second answer is dropped
        self.recording = True  # until the first request that is not a handshake or a list
        self.blocked = False  # a request waits for the SDK: every later line waits too, in order
        self.owed: set[tuple[str, Any]] = set()  # requests handed to the SDK and not answered yet
        self.lock = threading.Lock()

    def _load(self) -> dict[str, Any]:
        payload = self.folder.read(self.name) if self.folder is not None else None
        if payload is None:
            return {}
        try:
            found = json_value(bytes(payload))
        except ValueError:
            return {}
        ok = isinstance(found, dict) and found.get("identity") == self.identity
        return found["answers"] if ok and isinstance(found.get("answers"), dict) else {}

    def send(self, line: str) -> None:
        with self.lock:
            self.wire.write(line.encode("utf-8"))
            self.wire.flush()

    def take(self, line: str) -> bool:
        """A line from the client before the SDK is ready: True when it was answered from the
        record, False when it must wait for the SDK (then noted, as `from_client` notes it)."""
        verdict = None if self.blocked else self.answer(line)
        if verdict == "answered":
            return True
        if verdict is None:
            self.from_client(line)
            self.blocked = self.blocked or _request(line) is not None
        return False

    def answer(self, line: str) -> str | None:
        """Before the SDK is ready: 'answered', 'replay' (answered, and the SDK must see it too:
        `initialize`), or None (the line waits for the SDK)."""
        message = _request(line)
        if message is None or message.get("jsonrpc") != "2.0":
            return None  # what the SDK refuses is never answered from the record
        method = message["method"]
        if self.negotiated is None and method != "initialize" and not _modern(message):
            return None  # a 2025 session's other requests come after its `initialize`
        key = request_key(method, message.get("params", {}), self.negotiated)
        result = self.answers.get(key) if key is not None else None
        if not isinstance(result, dict):
            return None
        if method == "initialize":
            if not isinstance(result.get("protocolVersion"), str):
                return None
            self.negotiated, self.drop = result["protocolVersion"], message["id"]
        reply = {"jsonrpc": "2.0", "id": message["id"], "result": result}
        self.send(json.dumps(reply, ensure_ascii=False, separators=(",", ":")) + "\n")
        return "replay" if method == "initialize" else "answered"

    def refuse(self, line: str) -> bool:
        """True when `line` is a request the SDK would drop without a word, now answered here with
        the JSON-RPC error: the SDK passes over a line its message type does not validate (a
        string holding a lone surrogate, `params` that is not an object), and its client would
        wait on that id for ever. A line that is not JSON at all gets JSON-RPC's parse error on
        the id null, which is all a garbled request can be answered on; a blank line is no request."""
        try:
            decoded = json_value(line)
        except Unreadable as exc:
            return self._refuse_unreadable(line, str(exc))
        except ValueError as exc:
            if not line.strip():
                return False
            error = {"code": -32700, "message": f"Parse error: {exc}"}
            self.send(json.dumps({"jsonrpc": "2.0", "id": None, "error": error}) + "\n")
            return True
        if isinstance(decoded, list):
            return self._refuse_batch(decoded)
        self._cancelled(decoded)
        message = _as_request(decoded)
        if message is None:
            if _is_message(decoded):
                return False  # a notification or an answer to the server: the SDK's to read
            self.send(_invalid(decoded, _NO_MESSAGE) + "\n")
            return True
        from mcp.types import jsonrpc_message_adapter  # imported by the SDK already: these lines go to it
        from pydantic import ValidationError

        try:  # the SDK's own check of each line (mcp/server/stdio.py)
            jsonrpc_message_adapter.validate_json(line, by_name=False)
        except ValidationError as exc:
            problem = "; ".join(
                f"{'.'.join(map(str, e['loc'])) or 'message'}: {e['msg']}" for e in exc.errors()[:3]
            )
            error = {"code": -32600, "message": f"Invalid request: {problem}"}
            reply = {"jsonrpc": "2.0", "id": message["id"], "error": error}
            self.send(json.dumps(reply, separators=(",", ":")) + "\n")  # ASCII: the id may hold a surrogate
            return True
        with self.lock:
            self.owed.add(_owed(message["id"]))
        return False

    def _refuse_batch(self, items: list[Any]) -> bool:
        """A JSON-RPC batch: the SDK reads one message a line and passed a batch over without a
        word, so a client of the 2025-03-26 protocol (which allows batches) waited on every id in
        it. Each request of the batch is answered, as a batch, with an error saying to send it on
        its own line, and each item that is no message with the invalid-request error; an empty
        batch gets JSON-RPC's single error on the id null."""
        if not items:
            self.send(_invalid(None, "Invalid request: an empty batch") + "\n")
            return True
        replies = []
        for item in items:  # a notification in a batch is dropped: it asks for no answer
            self._cancelled(item)
            if _as_request(item) is not None:
                replies.append(_invalid(item, _BATCH))
            elif not _is_message(item):
                replies.append(_invalid(item, _NO_MESSAGE))
        if replies:
            self.send(f"[{','.join(replies)}]\n")
        return True

    def _cancelled(self, decoded: Any) -> None:
        """A request the client cancelled may go unanswered: it is owed no more."""
        if isinstance(decoded, dict) and decoded.get("method") == "notifications/cancelled":
            params = decoded.get("params")
            if isinstance(params, dict) and _is_id(params.get("requestId")):
                with self.lock:
                    self.owed.discard(_owed(params["requestId"]))

    def _refuse_unreadable(self, line: str, why: str) -> bool:
        """A request that cannot be decoded (nested too deep, an integer too long) is answered on
        the id its top level names: the SDK drops the line without a word, and its client would
        wait for ever. An id that is itself too long to read is answered as null, as JSON-RPC
        answers an id it could not detect."""
        members = top_level_members(line)
        try:
            method = json_value(members.get("method", ""))
            try:
                ident = json_value(members.get("id", ""))
            except TooManyDigits:
                ident = None
        except ValueError:
            return False
        if not (ident is None or _is_id(ident)) or not isinstance(method, str):
            return False
        error = {"code": -32600, "message": f"Invalid request: {why}"}
        reply = {"jsonrpc": "2.0", "id": ident, "error": error}
        self.send(json.dumps(reply, separators=(",", ":")) + "\n")
        return True

    def from_client(self, line: str) -> None:
        """A line going to the SDK: note the requests whose answers are worth recording."""
        message = _request(line)
        if message is None or message["id"] == self.drop or not self.recording:
            return
        key = request_key(message["method"], message.get("params", {}), self.negotiated)
        if message["id"] in self.watch or message.get("jsonrpc") != "2.0":
            # of two requests sharing one id, which answer is whose cannot be told: a `ping`'s
            # `{}` was kept as the tool list every later session was shown
            self.recording = False
            self.watch.clear()
        elif key is None:
            self.recording = False  # a call may change what the lists say (`bank_init` does)
        else:
            self.watch[message["id"]] = key

    def from_server(self, line: str) -> None:
        """A line from the SDK: dropped when it answers the replayed `initialize`, recorded when it
        answers a watched request, written to the client otherwise."""
        if self.drop is not None or self.watch or self.owed:
            try:
                message = json_value(line)
            except ValueError:
                message = None
            if isinstance(message, dict) and "method" not in message and _is_id(message.get("id")):
                with self.lock:
                    self.owed.discard(_owed(message["id"]))
                if self.drop is not None and message["id"] == self.drop:
                    self.drop = None
                    return
                key = self.watch.pop(message["id"], None)
                if key is not None and isinstance(message.get("result"), dict):
                    self._record(key, message["result"])
        self.send(line)

    def _record(self, key: str, result: dict[str, Any]) -> None:
        """Keep the answer to `key`, within `MAX_ANSWERS` answers and `MAX_KEY` characters a key.

        Why the bounds: a client sending each `ping` with new parameters made the file grow by
        every one, rewritten whole each time and read whole by every later start.
        """
        if key.startswith('["initialize"'):
            self.negotiated = result.get("protocolVersion")
        if len(key) > MAX_KEY or (key not in self.answers and len(self.answers) >= MAX_ANSWERS):
            return
        if self.answers.get(key) != result and self.folder is not None:
            self.answers[key] = result
            snapshot = {"identity": self.identity, "answers": self.answers}
            self.folder.write(self.name, json.dumps(snapshot, ensure_ascii=False).encode("utf-8"))


def _modern(message: dict[str, Any]) -> bool:
    """A request of the 2026 protocol: it names its protocol version in its own `_meta`."""
    params = message.get("params")
    meta = params.get("_meta") if isinstance(params, dict) else None
    return isinstance(meta, dict) and "io.modelcontextprotocol/protocolVersion" in meta


def _request(line: str) -> dict[str, Any] | None:
    """`line` as a JSON-RPC request (a method and an id), or None. An id that is not a string or
    an integer is no request of JSON-RPC's, and could not key the requests being watched."""
    try:
        return _as_request(json_value(line))
    except ValueError:
        return None


def _as_request(message: Any) -> dict[str, Any] | None:
    """A decoded line as a JSON-RPC request (a method and an id), or None."""
    if isinstance(message, dict) and isinstance(message.get("method"), str) and _is_id(message.get("id")):
        return message
    return None


_BATCH = "Invalid request: batches are not supported; send each message on its own line"
_NO_MESSAGE = "Invalid request: not a JSON-RPC request, notification or response"


def _invalid(decoded: Any, why: str) -> str:
    """JSON-RPC's invalid-request error for `decoded`, on its id when it has a usable one (the
    client waits on that id), else on the id null."""
    ident = decoded.get("id") if isinstance(decoded, dict) and _is_id(decoded.get("id")) else None
    reply = {"jsonrpc": "2.0", "id": ident, "error": {"code": -32600, "message": why}}
    return json.dumps(reply, separators=(",", ":"))  # ASCII: the id may hold a surrogate


def _is_message(decoded: Any) -> bool:
    """A decoded line the SDK reads as a message that is no request: a notification (a method, no
    id) or an answer to one of the server's own requests (an id, and a result or an error)."""
    if not isinstance(decoded, dict):
        return False
    if isinstance(decoded.get("method"), str):
        return "id" not in decoded  # with an id it was a request, and one with no usable id
    return "id" in decoded and ("result" in decoded or "error" in decoded)


def _is_id(value: Any) -> bool:
    return isinstance(value, str | int) and not isinstance(value, bool)


def _owed(ident: str | int) -> tuple[str, Any]:
    """An id as `owed` keys it: the string "1" and the number 1 are two requests."""
    return (type(ident).__name__, ident)


OWED_SECONDS = 300  # a tool that never returns must not keep the process for ever


class _Lines:
    """The SDK's stdin: the lines that waited, then the live ones (an async iterator of str)."""

    def __init__(self, waiting: list[str], lines: queue.Queue, relay: Relay, ended: bool) -> None:
        self.waiting, self.lines, self.relay, self.ended = waiting, lines, relay, ended

    def __aiter__(self) -> _Lines:
        return self

    async def __anext__(self) -> str:
        import anyio

        while True:
            if self.waiting:
                item = self.waiting.pop(0)
            elif self.ended:
                await self._answered()
                raise StopAsyncIteration
            else:
                item = await anyio.to_thread.run_sync(self.lines.get, abandon_on_cancel=True)
                if item is _EOF or item is _READY:
                    await self._answered()
                    raise StopAsyncIteration
                self.relay.from_client(item)
            if not self.relay.refuse(item):
                return item

    async def _answered(self) -> None:
        """Wait (up to `OWED_SECONDS`) for the answers still owed: the end of the input ends the
        SDK's session, which drops them, though a write among them is done. A client that wrote
        its requests and closed its end (a pipeline, a script) is owed every answer."""
        import anyio

        deadline = time.monotonic() + OWED_SECONDS
        while self.relay.owed and time.monotonic() < deadline:
            await anyio.sleep(0.01)


class _Out:
    """The SDK's stdout: every line goes through the relay."""

    def __init__(self, relay: Relay) -> None:
        self.relay = relay

    async def write(self, text: str) -> None:
        self.relay.from_server(text)

    async def flush(self) -> None:
        return None


def _read(stdin: BinaryIO, lines: queue.Queue) -> None:
    """Every line the client writes, in order; buffered, as a byte at a time made a 20 MB line
    take 15 s (a pipe's read returns what is there, so a short line still arrives at once)."""
    for raw in io.BufferedReader(stdin, buffer_size=1 << 16):  # type: ignore[arg-type]
        lines.put(raw.decode("utf-8", "replace"))
    lines.put(_EOF)


def serve(
    root: Path, off: Sequence[Path | str], config: Config, *, cache: bool = True, reload: Reload | None = None
) -> int:
    """Serve the bank at `root` on stdio until the client closes it; `reload` reads the
    project's configuration again (see `state.BankState`)."""
    wire_in = os.fdopen(os.dup(0), "rb", buffering=0)
    wire = os.fdopen(os.dup(1), "wb", buffering=0)
    with contextlib.suppress(OSError):  # stray output of handlers and children must miss the wire
        os.dup2(os.open(os.devnull, os.O_RDONLY), 0)
        os.dup2(2, 1)
    kind = decide(root, [Path(p) for p in off])
    # a --root not there yet (a typo, or a bank still to seed): no cache folder is made for it
    folder = config.cache_folder(real_path(root)) if cache and os.path.isdir(real_path(root)) else None
    relay = Relay(wire, CacheFolder(folder) if folder is not None else None, str(kind))
    lines: queue.Queue = queue.Queue()
    threading.Thread(target=_read, args=(wire_in, lines), daemon=True).start()
    built: dict[str, Any] = {}
    threading.Thread(
        target=_build, args=(root, off, config, cache, built, lines, reload), daemon=True
    ).start()
    waiting: list[str] = []
    ended = False  # the client closed its end
    while (item := lines.get()) is not _READY:
        if item is _EOF:
            if not waiting:
                return 0
            ended = True  # the SDK still owes answers to what waited
            continue
        if not relay.take(item):
            waiting.append(item)
    if "error" in built:
        raise built["error"]
    import anyio

    try:
        anyio.run(built["server"].run_lines, _Lines(waiting, lines, relay, ended), _Out(relay))
    except* (BrokenPipeError, ConnectionResetError):
        # the client stopped reading: the session is over, quietly, whatever still waits on stdin
        os._exit(0)
    return 0


def _build(
    root: Path,
    off: Sequence[Path | str],
    config: Config,
    cache: bool,
    built: dict[str, Any],
    lines: queue.Queue,
    reload: Reload | None,
) -> None:
    """Import the SDK and build the server (in a thread), then load the bank it serves."""
    try:
        from .server import build_server

        server = build_server(root, off=off, config=config, cache=cache, reload=reload)
    except BaseException as exc:  # handed to the main thread, which reports it
        built["error"] = exc
        lines.put(_READY)
        return
    built["server"] = server
    lines.put(_READY)
    preload: Callable[[], Any] | None = getattr(server, "preload", None)
    if preload is not None:
        with contextlib.suppress(Exception):  # a bank that cannot be read is reported by its first call
            preload()
