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

from . import model
from .compiler import Env

MASK = (1 << 64) - 1
MAX_SEED = MASK


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


def shuffle(cards: list, rng: SplitMix64) -> None:
    for i in range(len(cards) - 1, 0, -1):
        j = rng.below(i + 1)
        cards[i], cards[j] = cards[j], cards[i]


def deal(variant, seed: int):
    """The starting position of a game: piles and face-down counts."""
    from .state import State
    st = State.empty(variant)
    deck = list(range(variant.deck.size))
    rng = SplitMix64(seed)
    piles, down = st.piles, st.down
    for step in variant.deal:
        if isinstance(step, model.Shuffle):
            shuffle(deck, rng)
        elif isinstance(step, model.Place):
            for pile, rank, suit in step.cards:
                for cid in variant.deck.copies(rank, suit):
                    if cid in deck:
                        deck.remove(cid)
                        piles[pile].append(cid)
                        break
        elif isinstance(step, model.DealTo):
            _deal_to(step, deck, piles, down)
        elif isinstance(step, model.Rest):
            pile = piles[step.pile]
            all_down = down[step.pile] == len(pile)
            pile.extend(reversed(deck))
            if all_down and not step.face_up:
                down[step.pile] = len(pile)
            deck.clear()
        elif isinstance(step, model.RemoveCards):
            env = Env(st)
            for p, pile in enumerate(piles):
                keep = []
                for i, c in enumerate(pile):
                    env.card = c
                    if step.test(env):
                        if i < down[p]:
                            down[p] -= 1
                    else:
                        keep.append(c)
                pile[:] = keep
            st.removed = True
    return st


def _deal_to(step, deck, piles, down):
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
        if face_down and down[p] == len(piles[p]):
            down[p] += 1
        piles[p].append(deck.pop(0))
