"""The page's one way to the engine: requests to the engine's web worker, answers as futures.

The worker (static/engine-worker.mjs, started by static/boot.mjs while PyScript starts) runs
`minesat.messages.protocol.Engine`; this client speaks its codec (`minesat.messages.codec`).  If the worker cannot
start, the same Engine runs here on the main thread, so the page still works (more slowly on big
boards): its files are fetched then (static/boot.mjs's minesatLoadEngine), as the page's own
start holds only the modules the page imports (static/vendor/page.zip).  Requests in a `lane`
supersede each other: a newer analysis drops an older one that has not started, and the page
drops any answer that is not for its latest board.
"""

from __future__ import annotations

import asyncio
import importlib
import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from minesat.messages.codec import dumps
from minesat.messages.ops import BOARD_LANES, Lane
from minesat_web.browser import create_proxy, js, js_object, to_js

if TYPE_CHECKING:
    from minesat.messages.protocol import Engine


class EngineFailed(Exception):
    """The engine could not answer; the text is the engine's message ("memory" for out of memory)."""


class Dropped(Exception):
    """A newer request of the same lane took this one's place."""



class EngineClient:
    def __init__(self) -> None:
        self.pending: dict[int, asyncio.Future[Any]] = {}
        self.streams: dict[int, tuple[Callable[[int, int], None], asyncio.Future[Any]]] = {}
        self.next_id = 0
        self.local: Engine | None = None     # the fallback: the engine on the main thread
        self.worker: Any = None
        self.waiting: list[tuple[int, str, Lane | None, Any, asyncio.Future[Any]]] = []  # sent while starting
        self._listener = create_proxy(self._receive)

    @property
    def where(self) -> str:
        return "worker" if self.worker is not None else "main" if self.local is not None else "starting"

    async def connect(self) -> str:
        """Wait for the worker started by boot.mjs (or fall back to the main thread); then send what
        was asked meanwhile."""
        try:
            where = await self._connect()
        except Exception as e:
            for *_, future in self.waiting:
                if not future.done():
                    future.set_exception(EngineFailed(f"the engine could not start: {e}"))
            self.waiting.clear()
            raise
        waiting, self.waiting = self.waiting, []
        for rid, text, lane, data, future in waiting:
            if not future.done():
                self._dispatch(rid, text, lane, data, future)
        return where

    async def _connect(self) -> str:
        engine = getattr(js, "minesatEngine", None)
        if engine is not None and await engine.ready:
            self.worker = engine.worker
            self.worker.addEventListener("message", self._listener)
            return "worker"
        why = str(engine.error) if engine is not None else "no worker"
        js.console.warn(f"minesat: the engine's worker did not start ({why}); analysing on the main thread")
        await js.minesatLoadEngine()
        self.local = importlib.import_module("minesat.messages.protocol").Engine()  # (not in page.zip: loaded just now)
        return "main"

    async def restart(self) -> str:
        """End the worker (a long request cannot be stopped otherwise) and start a fresh one."""
        for future in self.pending.values():
            future.cancel()
        for _, future in self.streams.values():
            future.cancel()
        self.pending.clear()
        self.streams.clear()
        if self.worker is not None:
            self.worker.removeEventListener("message", self._listener)
        self.worker = None
        js.minesatRestartEngine()
        return await self.connect()

    def _new_id(self) -> int:
        self.next_id += 1
        return self.next_id

    def send(self, request: dict[str, Any], lane: Lane | None = None, data: Any = None) -> asyncio.Future[Any]:
        """Send one request now (or, while the engine starts, once it is up); a future of its
        answer's data (or EngineFailed / Dropped). `data`: a JS Uint8Array sent beside the
        request's text (moved to the worker, not copied: it is unusable here afterwards), which the
        engine gets as bytes (`Engine.answer`)."""
        rid = self._new_id()
        text = dumps({"id": rid, **request})
        future = asyncio.get_event_loop().create_future()
        future.add_done_callback(retrieved)  # a dropped answer nobody awaits any more is no error
        if self.worker is None and self.local is None:  # (sent in order once connected: the worker
            self.waiting.append((rid, text, lane, data, future))  # drops those a newer one supersedes)
        else:
            self._dispatch(rid, text, lane, data, future)
        return future

    def _dispatch(self, rid: int, text: str, lane: Lane | None, data: Any, future: asyncio.Future[Any]) -> None:
        if self.worker is None:
            here = data.to_bytes() if data is not None else None
            asyncio.get_event_loop().call_later(0.001, self._answer_here, future, text, here)  # after a paint
            return
        self.pending[rid] = future
        future.add_done_callback(lambda _: self.pending.pop(rid, None))
        queued = {"lane": lane.value, "board": lane in BOARD_LANES} if lane else {}
        message = js_object({"id": rid, "text": text, **queued, **({"data": data} if data is not None else {})})
        self.worker.postMessage(message, to_js([data.buffer]) if data is not None else to_js([]))

    def _answer_here(self, future: asyncio.Future[Any], text: str, data: bytes | None = None) -> None:
        if future.done():
            return
        assert self.local is not None  # (answered here only once the fallback has started)
        try:
            future.set_result(unwrap(json.loads(self.local.answer(text, data))))
        except EngineFailed as e:
            future.set_exception(e)

    async def call(self, request: dict[str, Any], lane: Lane | None = None, data: Any = None) -> Any:
        """Send one request (with `data`, as `send`) and wait for its answer's data."""
        return await self.send(request, lane, data)

    async def download(self, request: dict[str, Any], progress: Callable[[int, int], None],
                       mime: str = "text/plain") -> Any:
        """A file built by the engine in chunks: a JS Blob; `progress(characters written, size)`
        (size is the request's own measure, e.g. clauses; -1 when not known yet)."""
        rid = self._new_id()
        text = dumps({"id": rid, **request})
        if self.worker is None:  # the fallback: here, between paints
            parts = []
            for item in self.local.stream(text) if self.local else []:
                data = json.loads(item)
                if "error" in data:
                    raise EngineFailed(data["error"])
                if "chunk" in data:
                    parts.append(data["chunk"])
                    progress(sum(map(len, parts)), -1)
                await asyncio.sleep(0)
            return js.Blob.new(to_js(["".join(parts)]), js_object({"type": mime}))
        future = asyncio.get_event_loop().create_future()
        self.streams[rid] = (progress, future)
        self.worker.postMessage(js_object({"id": rid, "text": text, "stream": True, "mime": mime}))
        try:
            return await future
        except asyncio.CancelledError:
            self.worker.postMessage(js_object({"cancel": rid}))
            raise
        finally:
            self.streams.pop(rid, None)

    def _receive(self, event: Any) -> None:
        data = event.data
        rid = int(data.id) if js.Reflect.has(data, "id") and data.id is not None else None
        if rid in self.pending:
            future = self.pending[rid]
            if future.done():
                return
            if js.Reflect.has(data, "dropped"):
                future.set_exception(Dropped())
            else:
                try:
                    future.set_result(unwrap(json.loads(str(data.text))))
                except EngineFailed as e:
                    future.set_exception(e)
        elif rid in self.streams:
            progress, future = self.streams[rid]
            if future.done():
                return
            if js.Reflect.has(data, "progress"):
                progress(int(data.progress), -1)
            elif js.Reflect.has(data, "size"):
                progress(0, int(data.size))
            elif js.Reflect.has(data, "blob"):
                future.set_result(data.blob)
            elif js.Reflect.has(data, "error"):
                future.set_exception(EngineFailed(str(data.error)))


def retrieved(future: asyncio.Future[Any]) -> None:
    """Mark a future's exception as seen (asyncio logs one never retrieved as an error)."""
    if not future.cancelled():
        future.exception()


def unwrap(answer: dict[str, Any]) -> Any:
    if "error" in answer:
        raise EngineFailed(answer["error"])
    return answer["ok"]
