"""``--cluster``: chunks of deals on a Dask cluster (tcp://HOST:PORT, or local:N for a cluster
of N processes here), a bounded window of chunks in flight, topped up as each finishes
(``as_completed(...).add``), so neither the client nor the scheduler ever holds every deal or
every future.

Each task carries the variant's text (chunks.py), so workers need no file. A worker lost
mid-chunk is Dask's to handle: it runs the chunk again elsewhere; its records reach the client
once, when the chunk finishes. A chunk that killed workers again and again (Dask gives up
after a few) is an error naming its deals.
"""

from __future__ import annotations

from ..core.errors import RulesError, short

WINDOW_PER_THREAD = 2  # chunks in flight per worker thread: one solving, one waiting
CONNECT_SECONDS = 10  # waiting for a scheduler to answer


def connect(address: str):
    """(client, local cluster or None); RuntimeError with a clear message when it fails."""
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError:
        raise RuntimeError("--cluster needs Dask: pip install 'rulesdsl[cluster]'") from None
    if address.startswith("local:"):
        cluster = LocalCluster(n_workers=int(address[6:]), threads_per_worker=1, processes=True, dashboard_address=None)
        return Client(cluster), cluster
    try:
        return Client(address, timeout=CONNECT_SECONDS), None
    except (OSError, TimeoutError) as exc:
        raise RuntimeError(
            f"cannot reach the Dask scheduler at {short(address)} within {CONNECT_SECONDS} s "
            f"({short(str(exc))}): is 'dask scheduler' running there, and the port open?"
        ) from None


def results(task, spec, limits, chunker, address: str):
    """The records of each chunk as it finishes (in any order)."""
    from dask.distributed import as_completed
    from distributed import KilledWorker

    client, cluster = connect(address)
    try:
        running = as_completed()
        chunks: dict = {}  # future key -> its chunk, for the message of a chunk Dask gave up on

        def submit() -> bool:
            chunk = chunker.next()
            if chunk is None:
                return False
            f = client.submit(task, spec, chunk, limits, pure=False)
            chunks[f.key] = chunk
            running.add(f)
            return True

        def top_up() -> None:  # to the window of the workers there are now (they come and go)
            window = WINDOW_PER_THREAD * max(1, sum(client.nthreads().values()))
            while len(chunks) < window and submit():
                pass

        top_up()
        for f in running:
            chunk = chunks.pop(f.key)
            try:
                records = f.result()
            except KilledWorker:
                raise RuntimeError(
                    f"deals {chunk[0]}-{chunk[-1]} killed the workers that tried them (out of memory?): "
                    "give the workers more --memory-limit, or a lower --max-states"
                ) from None
            except (ImportError, RulesError) as exc:
                raise RuntimeError(
                    f"a worker could not run deals {chunk[0]}-{chunk[-1]} ({type(exc).__name__}: {short(str(exc))}): "
                    "is the same rulesdsl installed on every worker?"
                ) from None
            f.release()
            yield records
            top_up()
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
