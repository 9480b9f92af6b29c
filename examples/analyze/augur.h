/* augur.h: annotations for `augur analyze` (docs/analyze.md).
 *
 * ChronosMix's PIC cannot know statically how often a data-dependent test
 * is true, so the programmer states its probability with PIC_proba(p):
 *     if (PIC_proba(0.785398) && x * x + y * y <= 1.0)
 * augur analyze reads p from the source; at run time PIC_proba is always
 * true, so `PIC_proba(p) && cond` is just `cond` and costs nothing at -O2.
 * Loop counts that are not static are stated with `#pragma augur loop(EXPR)`
 * on the line before the loop; compilers ignore the pragma.
 */
#ifndef AUGUR_H
#define AUGUR_H

static inline int PIC_proba(double p)
{
    (void)p;
    return 1;
}

#endif
