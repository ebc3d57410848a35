/* SPDX-License-Identifier: ISC */
/*
 * gate.c: the gate's verdict (--fail-above), apart from the report:
 * each offender rank.c found named on standard error with its counts,
 * change and z, a note when the runs seem to have run at different
 * speeds (rank.c's top_drifted), and with --markdown a verdict line for
 * the pull request. Writes only.
 */
#include <stdlib.h>

#include "fg.h"
#include "stats.h"
#include "top.h"

/*
 * Absolute mode compares counts: when the median function moved too, the
 * runs may have run at different speeds, and every function carries that
 * drift. A failed gate says so, unless --drift dealt with it.
 */
static void
driftnote(const struct fg_changes *cs)
{
	if (!top_drifted(cs))
		return;
	fg_warnx("note: the median function moved by %+.1f%% (%zu functions "
	    "with %d samples a side): if the runs ran at different speeds, "
	    "--drift auto takes that out (fg-top(1), STATISTICS)",
	    (cs->driftm - 1) * 100, cs->driftn, FG_DRIFT_MIN);
}

/* What the gate counts: regressions, or changes with --fail-both. */
static const char *
what(const struct topopt *o, size_t n)
{
	if (o->gateboth)
		return n == 1 ? "change" : "changes";
	return n == 1 ? "regression" : "regressions";
}

void
report_gate(const struct topopt *o, const struct fg_changes *cs,
    const size_t *bad, size_t nbad)
{
	size_t i;
	const struct fg_chg *c;
	char *name, ga[64], gb[64], ub[TOP_UNITMAX + 8];
	const char *m = o->bytotal ? "total" : "self";

	for (i = 0; i < nbad; i++) {
		c = &cs->v[bad[i]];
		name = tbl_name(c->name, c->len, FMT_TEXT);
		fg_warnx("%s: %s %s -> %s%s, %+.2f points (%s mode), z %+.1f; "
		    "above %g", name, m, top_count(ga, sizeof(ga), c->c[0]),
		    top_count(gb, sizeof(gb), c->c[1]),
		    top_unit_word(o, ub, sizeof(ub)), c->delta * 100,
		    fg_mode_name(cs->mode), c->z, o->failpct);
		free(name);
	}
	if (nbad > 0) {
		fg_warnx("gate failed: %zu significant %s above %g points",
		    nbad, what(o, nbad), o->failpct);
		driftnote(cs);
	}
	if (o->fmt != FMT_MD)
		return;
	if (nbad == 0)
		fg_out_printf("**Gate passed**: no significant %s above %g "
		    "points.\n", what(o, 1), o->failpct);
	else
		fg_out_printf("**Gate failed**: %zu significant %s above %g "
		    "points.\n", nbad, what(o, nbad), o->failpct);
}
