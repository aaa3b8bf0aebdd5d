"""Claim grounding: every claim of a draft traced to the sources it was written from.

The fact checker's core (the ``grounding`` check, profile ``factcheck``). Each
claim (:mod:`checks.claims`: a factual or naming sentence, not a question, a
heading or rhetoric) is classified against the job's sources as

* **supported**: a source sentence states it;
* **inferred**: consistent with the sources but not stated in one place (two
  sentences together, a partial match, or only another section's sources);
* **unsourced**: nothing in its sources states it (or its figure);
* **contradicted**: a source sentence on the same subject disagrees (a figure,
  a negation, an antonym).

Cheapest first, per job:

1. :mod:`~checks.grounding.index`: the sources as numbered sentences with a BM25 index;
2. :mod:`~checks.grounding.sections`: the source-map rule, which sources back a claim's section;
3. :mod:`~checks.grounding.retrieve`: candidate sentences for every claim at once (BM25; plus
   cosine similarity with the ``embeddings`` extra, :mod:`~checks.grounding.semantic`);
4. :mod:`~checks.grounding.assess`: coverage, figures and units
   (:mod:`~checks.grounding.quantities`, :mod:`~checks.grounding.units`), negation and antonyms
   (:mod:`~checks.grounding.lexicon`) for each candidate;
5. :mod:`~checks.grounding.decide`: the status, with thresholds per strictness;
6. :mod:`~checks.grounding.cited`: each citation's source checked against its claim;
7. :mod:`~checks.grounding.escalation`: the ambiguous claims put to a judge in
   one paid call, within the budget;
8. :mod:`~checks.grounding.report`: flags, fixes and the score.
"""

from checks.grounding.decide import Status
from checks.grounding.engine import Backend, GroundedClaim, Grounding, ground
from checks.grounding.escalation import ClaimJudge, ClaimQuery, ClaimRuling, ClaimRulings, Escalation

__all__ = [
    "Backend",
    "ClaimJudge",
    "ClaimQuery",
    "ClaimRuling",
    "ClaimRulings",
    "Escalation",
    "GroundedClaim",
    "Grounding",
    "Status",
    "ground",
]
