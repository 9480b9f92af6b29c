/* Annotations for augur analyze (docs/analyze.md).
 *
 * PIC_proba(p) is ChronosMix's annotation of a test whose outcome static
 * analysis cannot know: `if (PIC_proba(0.785) && x*x + y*y <= 1.0)` says the
 * test is true with probability 0.785. augur analyze reads p; when the
 * program runs, PIC_proba is 1, so the test is just the condition.
 * Loop counts are annotated with `#pragma augur loop(COUNT)` on the line
 * before a loop, probabilities also with `#pragma augur proba(P)`.
 */
#ifndef AUGUR_H
#define AUGUR_H
static inline int PIC_proba(double p) { (void)p; return 1; }
#endif
