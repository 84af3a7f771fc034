"""Dealing: the only place randomness enters, and it is fully determined by the seed.

The shuffle is a Fisher-Yates shuffle driven by SplitMix64 (Steele, Lea and Flood,
2014) with rejection sampling, written out here in integer arithmetic so that the same
seed gives the same deal on every machine and every Python version (Python's own
``random.shuffle`` makes no such promise across versions).

The deck starts in id order (first suit A..K, next suit, ...; deck by deck). Its "top"
is the front of the list: dealing takes cards from the front, ``rest`` puts the
remaining cards on a pile so that the next card of the deck is that pile's top.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..core.state import State
from ..lang.runtime import Env

MASK = (1 << 64) - 1
MAX_SEED = MASK


# -- the deal program: steps built by the loader, run in order by deal() -------------
@dataclass(frozen=True)
class Shuffle:
    pass


@dataclass(frozen=True)
class Place:
    cards: tuple  # (pile, rank, suit index) in order


@dataclass(frozen=True)
class DealTo:
    piles: tuple
    counts: tuple  # cards per pile
    downs: tuple  # face-down cards per pile (the first dealt)
    by_row: bool = True
    play: tuple = ()  # piles offered each card first (their accept rules decide)
    new_pile: Callable | None = None  # card context -> bool: every card left goes on, a new pile before these
    over_up: bool = False  # deals face-down cards onto face-up ones (State.shown)


@dataclass(frozen=True)
class ToBottom:
    piles: tuple
    test: Callable  # card context -> bool: such cards swap down to the pile's bottom


@dataclass(frozen=True)
class BaseRank:
    piles: tuple  # the rank of the bottom card of the first of these piles that holds one becomes base_rank


@dataclass(frozen=True)
class Take:
    test: Callable  # card context -> bool: such cards leave the deck for the piles
    onto: tuple  # piles offered each such card, in order (their accept rules decide)
    count: int | None = None  # the most cards taken (None: every such card a pile takes)
    into: Callable | None = None  # card context -> the one pile it goes to (or None: it stays), instead of onto
    per_pile: int | None = None  # with into: the most cards one pile gets from this step


@dataclass(frozen=True)
class Rest:
    pile: int
    face_up: bool = False  # the rest goes face up (a face-up stock)


@dataclass(frozen=True)
class RemoveCards:
    test: Callable  # card context -> bool


class SplitMix64:
    def __init__(self, seed: int):
        self.state = seed & MASK

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, bound: int) -> int:
        """A uniform integer in [0, bound), without modulo bias."""
        limit = (1 << 64) - ((1 << 64) % bound)
        while True:
            r = self.next()
            if r < limit:
                return r % bound


def redeal_seed(seed: int, action: int, number: int) -> int:
    """The seed of a shuffling redeal: from the game's seed, the action's number among the
    variant's actions and how many times it was used before (integer arithmetic mod 2^64)."""
    return (seed + (number + 1) * 0x9E3779B97F4A7C15 + action * 0xD1B54A32D192ED03) % (1 << 64)


def shuffle(cards: list, rng: SplitMix64) -> None:
    for i in range(len(cards) - 1, 0, -1):
        j = rng.below(i + 1)
        cards[i], cards[j] = cards[j], cards[i]


def deal(variant, seed: int):
    """The starting position of a game: piles and face-down counts."""
    st = State.empty(variant)
    st.seed = seed
    deck = list(range(variant.deck.size))
    rng = SplitMix64(seed)
    piles, down = st.piles, st.down
    for step in variant.deal:
        if isinstance(step, Shuffle):
            shuffle(deck, rng)
        elif isinstance(step, Place):
            for pile, rank, suit in step.cards:
                for cid in variant.deck.copies(rank, suit):
                    if cid in deck:
                        deck.remove(cid)
                        piles[pile].append(cid)
                        break
        elif isinstance(step, DealTo):
            if step.new_pile is not None:
                _deal_runs(step, deck, piles, Env(st))
            else:
                _deal_to(step, deck, st, variant, Env(st) if step.play else None)
        elif isinstance(step, ToBottom):
            env = Env(st)
            test = step.test
            for p in step.piles:
                pile = piles[p]
                for k in range(len(pile)):
                    env.card = pile[k]
                    if not test(env):
                        continue
                    for j in range(k):
                        env.card = pile[j]
                        if not test(env):
                            pile[j], pile[k] = pile[k], pile[j]
                            break
        elif isinstance(step, BaseRank):
            pile = next((piles[p] for p in step.piles if piles[p]), None)
            st.base_rank = variant.deck.rank_of[pile[0]] if pile else None
        elif isinstance(step, Take):
            _take(step, deck, variant, Env(st))
        elif isinstance(step, Rest):
            pile = piles[step.pile]
            all_down = down[step.pile] == len(pile)
            pile.extend(reversed(deck))
            if all_down and not step.face_up:
                down[step.pile] = len(pile)
            deck.clear()
        elif isinstance(step, RemoveCards):
            _remove_cards(step, st)
    return st


def _remove_cards(step, st) -> None:
    """The cards the step's test picks leave the game; the others keep their facing."""
    env = Env(st)
    for p, pile in enumerate(st.piles):
        keep, facing = [], []
        for i, c in enumerate(pile):
            env.card = c
            if not step.test(env):
                keep.append(c)
                facing.append(st.is_down(p, i))
        pile[:] = keep
        st.set_facing(p, facing)
    st.removed = True


def _offer(variant, env, c, play) -> bool:
    """Put card c on the first pile of play whose accept rules take it; False if none does."""
    piles = env.st.piles
    env.run, env.card, env.source = (c,), c, None
    for d in play:
        r = variant.rules[d]
        if r.capacity is not None and len(piles[d]) >= r.capacity:
            continue
        rule = r.accept if piles[d] else r.accept_empty
        env.dest = d
        if rule is not None and rule(env):
            piles[d].append(c)
            return True
    return False


def _take(step, deck, variant, env) -> None:
    """The cards of the deck the test picks, in deck order, each onto the first pile of the
    step that takes it (or the one pile ``into`` computes); a card no pile takes stays in the
    deck, in its place."""
    taken = 0
    got: dict = {}  # pile -> cards this step put there (into's per_pile)
    i = 0
    while i < len(deck) and (step.count is None or taken < step.count):
        c = deck[i]
        env.card = c
        if step.test(env) and (_into(step, variant, env, got) if step.into else _offer(variant, env, c, step.onto)):
            deck.pop(i)
            taken += 1
        else:
            i += 1


def _into(step, variant, env, got) -> bool:
    """Put env.card on the pile step.into computes for it, unless there is none, or that pile is
    outside the step's piles, full (capacity) or has had its per_pile from this step."""
    p = step.into(env)
    if p is None or p not in step.onto:
        return False
    pile = env.st.piles[p]
    cap = variant.rules[p].capacity
    if (cap is not None and len(pile) >= cap) or (step.per_pile is not None and got.get(p, 0) >= step.per_pile):
        return False
    pile.append(env.card)
    got[p] = got.get(p, 0) + 1
    return True


def _deal_runs(step, deck, piles, env):
    """Every card left, face up, one pile after another: a new pile before each card the test picks."""
    i = 0
    while deck:
        c = deck.pop(0)
        env.card = c
        if piles[step.piles[i]] and i + 1 < len(step.piles) and step.new_pile(env):
            i += 1
        piles[step.piles[i]].append(c)


def _deal_to(step, deck, st, variant=None, env=None):
    """Cards dealt to the step's piles, by row or pile by pile; a face-down card on face-up
    ones leaves them face up beneath it (State.shown)."""
    piles, down, shown = st.piles, st.down, st.shown
    order = []
    if step.by_row:
        for k in range(max(step.counts, default=0)):
            order.extend((i, k) for i in range(len(step.piles)) if step.counts[i] > k)
    else:
        for i in range(len(step.piles)):
            order.extend((i, k) for k in range(step.counts[i]))
    for i, k in order:
        if not deck:
            return
        p = step.piles[i]
        face_down = k < step.downs[i]
        if env is not None and not face_down and _offer(variant, env, deck[0], step.play):
            deck.pop(0)
            continue
        if face_down:
            if down[p] < len(piles[p]):  # onto face-up cards: they stay face up, under it
                shown[p] = shown.get(p, 0) | ((1 << len(piles[p])) - 1) ^ ((1 << down[p]) - 1)
            down[p] = len(piles[p]) + 1
        piles[p].append(deck.pop(0))
