/* SPDX-License-Identifier: ISC */
/*
 * report.c: fg-top's output. A profile: one table of functions. A diff:
 * a first line with the totals, the mode and the test, then the ranked
 * significant regressions, the ranked significant improvements, and the
 * count of changes within noise (listed with --all); the gate's verdict.
 * Each table as aligned text, TSV or Markdown.
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fg.h"
#include "stats.h"
#include "top.h"

/* ---- the cost column's figures (--cost, common/stats/stats.h) ---- */

/* The yearly cost of share, "%.2f" ("%+.2f" with sign), into buf. */
static char *
cost_fmt(const struct fg_cost *c, char *buf, size_t n, double share,
    int sign)
{
	snprintf(buf, n, sign ? "%+.2f" : "%.2f", fg_cost_year(c, share));
	return buf;
}

/* ---- counts, units and summary lines, as the reports write them ---- */

static char *
fmtcount(char *buf, fg_count c)
{
	fg_count_fmt(buf, c);
	return buf;
}

/*
 * A double count as a report shows it: a whole count exactly; a count
 * with a fraction (fg-diff -n scales the baseline, a scaled total) to the
 * precision of a count: whole from 100 up, else two decimals at most
 * (21779.000000025 is 21779, 10.853 is 10.85), two significant digits
 * under 0.01. The stream itself stays exact.
 */
static char *
top_count(char *buf, size_t n, double v)
{
	fg_count c;
	char *p;

	if (fg_count_from_dbl(v, &c) == 0 && c.f == 0)
		fg_count_fmt(buf, c);
	else if (!isfinite(v) || fabs(v) >= 1e15)
		snprintf(buf, n, "%.17g", v);
	else if (fabs(v) >= 100)
		snprintf(buf, n, "%.0f", v);
	else if (fabs(v) >= 0.01) {
		snprintf(buf, n, "%.2f", v);
		for (p = buf + strlen(buf); p[-1] == '0'; p--)
			p[-1] = '\0';
		if (p[-1] == '.')
			p[-1] = '\0';
	} else
		snprintf(buf, n, "%.2g", v);
	return buf;
}

/*
 * The unit of the counts as the column titles name it: the header's
 * unit= when it is a short word (letters, digits, "_-./%" and UTF-8: no
 * byte that could split a TSV row or a Markdown cell), else NULL, the
 * titles then unchanged.
 */
static const char *
top_unit_head(const struct topopt *o)
{
	const unsigned char *p;

	if (o->unit == NULL || o->unit[0] == '\0' ||
	    strlen(o->unit) > FG_TBL_UNITMAX)
		return NULL;
	for (p = (const unsigned char *)o->unit; *p != '\0'; p++)
		if (!(isalnum(*p) || *p >= 0x80 || strchr("_-./%", *p) != NULL))
			return NULL;
	return o->unit;
}

/* " UNIT" after a count, as the stream's header names it; else "". */
static const char *
top_unit_word(const struct topopt *o, char *buf, size_t n)
{
	char *u;

	if (o->unit == NULL || o->unit[0] == '\0')
		return "";
	u = fg_tbl_name(o->unit, strlen(o->unit), FG_FMT_TEXT);
	snprintf(buf, n, " %s", u);
	free(u);
	return buf;
}

static void
summary_line(const struct topopt *o, const char *s)
{
	if (o->fmt == FG_FMT_TSV)
		return;
	fg_out_str(o->fmt == FG_FMT_MD ? "" : "# ");
	fg_out_str(s);
	fg_out_str(o->fmt == FG_FMT_MD ? "\n\n" : "\n");
}

/* ---- profile report ---- */

static void
profile_head(const struct topopt *o, struct fg_tbl *t)
{
	const char *u = top_unit_head(o);
	int i = 4;

	fg_tbl_init(t, o->cost.on ? 6 : 5);
	fg_tbl_head(t, 0, o->bytotal ? "TOTAL" : "SELF",
	    o->bytotal ? "total" : "self", u);
	fg_tbl_head(t, 1, o->bytotal ? "TOTAL%" : "SELF%",
	    o->bytotal ? "total_pct" : "self_pct", NULL);
	fg_tbl_head(t, 2, o->bytotal ? "SELF" : "TOTAL",
	    o->bytotal ? "self" : "total", u);
	fg_tbl_head(t, 3, o->bytotal ? "SELF%" : "TOTAL%",
	    o->bytotal ? "self_pct" : "total_pct", NULL);
	if (o->cost.on)
		fg_tbl_head(t, i++, "COST/YR", "cost_per_year", NULL);
	fg_tbl_head(t, i, "FUNCTION", "function", NULL);
	t->left[i] = 1;
}

void
report_profile(const struct topopt *o, const struct fn *v, size_t n,
    fg_count total, uint64_t nstacks)
{
	struct fg_tbl t;
	char b[5][64], line[256], gb[32], ub[40], *name;
	const char *cells[6];
	size_t i, lim;
	double tot = fg_count_dbl(total);
	int k;

	lim = o->top == 0 || (size_t)o->top > n ? n : (size_t)o->top;
	snprintf(line, sizeof(line), "total %s%s in %llu stacks, %zu "
	    "functions; top %zu by %s", fmtcount(gb, total),
	    top_unit_word(o, ub, sizeof(ub)), (unsigned long long)nstacks, n, lim,
	    o->bytotal ? "total" : "self");
	summary_line(o, line);
	profile_head(o, &t);
	for (i = 0; i < lim; i++) {
		k = 0;
		cells[k++] = fmtcount(b[0], v[i].c[0]);
		snprintf(b[1], sizeof(b[1]), "%.2f",
		    fg_count_dbl(v[i].c[0]) / tot * 100);
		cells[k++] = b[1];
		cells[k++] = fmtcount(b[2], v[i].c[1]);
		snprintf(b[3], sizeof(b[3]), "%.2f",
		    fg_count_dbl(v[i].c[1]) / tot * 100);
		cells[k++] = b[3];
		if (o->cost.on) {
			cost_fmt(&o->cost, b[4], sizeof(b[4]),
			    fg_count_dbl(v[i].c[0]) / tot, 0);
			cells[k++] = b[4];
		}
		cells[k++] = name = fg_tbl_name(v[i].name, v[i].len, o->fmt);
		fg_tbl_row(&t, cells);
		free(name);
	}
	fg_tbl_print(&t, o->fmt);
	fg_tbl_free(&t);
}

/*
 * ---- the gate's verdict (--fail-above) ----
 * Each offender named on standard error with its counts, change and z, a
 * note when the runs seem to have run at different speeds, and with
 * --markdown a verdict line for the pull request. Writes only.
 */

/*
 * Whether the median function moved beyond FG_DRIFT_WARN in absolute mode
 * with no drift taken out: the runs may have run at different speeds.
 */
static int
top_drifted(const struct fg_changes *cs)
{
	return cs->mode == FG_MODE_ABSOLUTE && cs->drift == 1 &&
	    cs->driftn > 0 && fabs(cs->driftm - 1) > FG_DRIFT_WARN;
}

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

/*
 * A failing frame: its function, where it is (its two callers, "..."
 * before when there are more), its inclusive counts and change.
 */
static void
report_frame(const struct topopt *o, const struct fg_changes *cs,
    const struct topframe *f, double drift)
{
	char *name, *at, ga[64], gb[64], ub[FG_TBL_UNITMAX + 8], zb[64];
	size_t k = f->name, semis = 0;

	while (k > 0 && semis < 3)
		if (f->path[--k] == ';' && ++semis == 3)
			k++;
	name = fg_tbl_name(f->path + f->name, f->plen - f->name, FG_FMT_TEXT);
	at = fg_tbl_name(f->path + k, f->plen - k, FG_FMT_TEXT);
	if (isinf(f->v.z))
		snprintf(zb, sizeof(zb), "not tested");
	else
		snprintf(zb, sizeof(zb), "z %+.1f", f->v.z);
	if (drift != 1)
		snprintf(zb + strlen(zb), sizeof(zb) - strlen(zb), ", beyond "
		    "the run's drift x%.4g", drift);
	fg_warnx("%s: frame %s%s, inclusive %s -> %s%s, %+.2f points (%s "
	    "mode), %s; above %g", name, k > 0 ? "..." : "", at,
	    top_count(ga, sizeof(ga), f->c[0]), top_count(gb, sizeof(gb),
	    f->c[1]), top_unit_word(o, ub, sizeof(ub)), f->v.delta * 100,
	    fg_mode_name(cs->mode), zb, o->failpct);
	free(name);
	free(at);
}

/* The gate's verdict on its offenders: frames fr, then functions bad[]. */
static void
report_gate(const struct topopt *o, const struct fg_changes *cs,
    const size_t *bad, size_t nbad, const struct topframes *fr)
{
	size_t i;
	const struct fg_chg *c;
	char *name, ga[64], gb[64], ub[FG_TBL_UNITMAX + 8], zb[32];
	const char *m = o->bytotal ? "total" : "self";

	for (i = 0; i < fr->n; i++)
		report_frame(o, cs, &fr->f[i], fr->drift);
	for (i = 0; i < nbad; i++) {
		c = &cs->v[bad[i]];
		name = fg_tbl_name(c->name, c->len, FG_FMT_TEXT);
		if (isinf(c->z))
			snprintf(zb, sizeof(zb), "not tested");
		else
			snprintf(zb, sizeof(zb), "z %+.1f", c->z);
		fg_warnx("%s: %s %s -> %s%s, %+.2f points (%s mode), %s; "
		    "above %g", name, m, top_count(ga, sizeof(ga), c->c[0]),
		    top_count(gb, sizeof(gb), c->c[1]),
		    top_unit_word(o, ub, sizeof(ub)), c->delta * 100,
		    fg_mode_name(cs->mode), zb, o->failpct);
		free(name);
	}
	nbad += fr->n;	/* frames, then the functions they do not name */
	if (nbad > 0) {
		fg_warnx("gate failed: %zu significant %s above %g points",
		    nbad, what(o, nbad), o->failpct);
		driftnote(cs);
	}
	if (o->fmt != FG_FMT_MD)
		return;
	if (nbad == 0)
		fg_out_printf("**Gate passed**: no significant %s above %g "
		    "points.\n", what(o, 1), o->failpct);
	else
		fg_out_printf("**Gate failed**: %zu significant %s above %g "
		    "points.\n", nbad, what(o, nbad), o->failpct);
}

/* ---- differential report ---- */

enum { LIST_REG, LIST_IMP, LIST_NOISE, NLIST };
static const char *const listname[NLIST][3] = {	/* text, Markdown, TSV */
	{ "regressions", "Regressions", "regression" },
	{ "improvements", "Improvements", "improvement" },
	{ "within noise", "Within noise", "noise" }
};
static const char *const kindname[] = { "grew", "new", "shrank",
    "removed", "same" };

/* Titles of the numeric columns of a diff table: text, TSV; counts. */
static const struct {
	const char *text, *tsv;
	int count;
} diffcols[7] = {
	{ "BEFORE", "before", 1 }, { "AFTER", "after", 1 },
	{ "BEFORE%", "before_pct", 0 }, { "AFTER%", "after_pct", 0 },
	{ "POINTS", "delta_points", 0 }, { "REL", "relative_pct", 0 },
	{ "Z", "z", 0 }
};

static void
diff_head(const struct topopt *o, struct fg_tbl *t)
{
	const char *u = top_unit_head(o);
	int j, k = 0, tsv = o->fmt == FG_FMT_TSV;

	fg_tbl_init(t, (o->cost.on ? 9 : 8) + (tsv ? 3 : 0));
	if (tsv) {
		fg_tbl_head(t, k++, "", "change", NULL);
		fg_tbl_head(t, k++, "", "kind", NULL);
	}
	for (j = 0; j < 7; j++, k++)
		fg_tbl_head(t, k, diffcols[j].text, diffcols[j].tsv,
		    diffcols[j].count ? u : NULL);
	if (tsv)
		fg_tbl_head(t, k++, "", "significant", NULL);
	if (o->cost.on)
		fg_tbl_head(t, k++, "COST/YR", "cost_per_year", NULL);
	fg_tbl_head(t, k, "FUNCTION", "function", NULL);
	t->left[k] = 1;
}

static void
diff_row(const struct topopt *o, struct fg_tbl *t, const struct fg_chg *c,
    int list)
{
	char b[8][64], *name;
	const char *cells[FG_TBL_MAXCOL];
	int k = 0;

	if (o->fmt == FG_FMT_TSV) {
		cells[k++] = listname[list][2];
		cells[k++] = kindname[c->kind];
	}
	cells[k++] = top_count(b[0], sizeof(b[0]), c->c[0]);
	cells[k++] = top_count(b[1], sizeof(b[1]), c->c[1]);
	snprintf(b[2], sizeof(b[2]), "%.2f", c->share[0] * 100);
	cells[k++] = b[2];
	snprintf(b[3], sizeof(b[3]), "%.2f", c->share[1] * 100);
	cells[k++] = b[3];
	snprintf(b[4], sizeof(b[4]), "%+.2f", c->delta * 100);
	cells[k++] = b[4];
	if (c->kind == FG_CHG_NEW)
		snprintf(b[5], sizeof(b[5]), "new");
	else
		snprintf(b[5], sizeof(b[5]), "%+.1f%s", c->rel * 100,
		    o->fmt == FG_FMT_TSV ? "" : "%");
	cells[k++] = b[5];
	if (isinf(c->z))	/* exact or unknown origin: not tested */
		snprintf(b[6], sizeof(b[6]), "-");
	else
		snprintf(b[6], sizeof(b[6]), "%+.2f", c->z);
	cells[k++] = b[6];
	if (o->fmt == FG_FMT_TSV)
		cells[k++] = c->sig ? "1" : "0";
	if (o->cost.on) {
		cost_fmt(&o->cost, b[7], sizeof(b[7]), c->delta, 1);
		cells[k++] = b[7];
	}
	cells[k] = name = fg_tbl_name(c->name, c->len, o->fmt);
	fg_tbl_row(t, cells);
	free(name);
}

/* One ranked list; TSV continues one table. Returns 1 if it printed. */
static int
diff_list(const struct topopt *o, const struct fg_changes *cs, int list,
    int any)
{
	const size_t *idx = list == LIST_REG ? cs->reg : list == LIST_IMP ?
	    cs->imp : cs->noise;
	size_t n = list == LIST_REG ? cs->nreg : list == LIST_IMP ?
	    cs->nimp : cs->nnoise, i;
	const char *m = o->bytotal ? "total" : "self";
	struct fg_tbl t;

	if (n == 0)
		return 0;
	if (o->top != 0 && (size_t)o->top < n)
		n = (size_t)o->top;
	diff_head(o, &t);
	for (i = 0; i < n; i++)
		diff_row(o, &t, &cs->v[idx[i]], list);
	if (o->fmt == FG_FMT_MD)
		fg_out_printf("**%s** (%s)\n\n", listname[list][1], m);
	else if (o->fmt == FG_FMT_TEXT)
		fg_out_printf("%s%s (%s)\n", any ? "\n" : "",
		    listname[list][0], m);
	t.nohead = o->fmt == FG_FMT_TSV && any;
	fg_tbl_print(&t, o->fmt);
	if (o->fmt == FG_FMT_MD)
		fg_out_char('\n');
	fg_tbl_free(&t);
	return 1;
}

/*
 * What the data could have missed: whether a regression as large as the
 * gate's threshold would have been found (the largest smallest-detectable
 * change of any function), and how many more samples would settle it; and
 * that the runs' own variation was not measured (one run a side).
 */
static void
power_line(const struct topopt *o, const struct fg_changes *cs,
    const struct fg_noise *nz)
{
	char line[512], runs[64], *name;
	const struct fg_chg *c;
	double m, k;

	if (o->fmt == FG_FMT_TSV)
		return;
	if (nz->between)
		snprintf(runs, sizeof(runs), "%d:%d runs: between-run noise "
		    "measured", nz->nrun[0], nz->nrun[1]);
	else
		snprintf(runs, sizeof(runs), "one run a side: run-to-run "
		    "noise not measured");
	if (!fg_noise_tested(nz) || !o->gate || cs->mdcmax >= cs->n) {
		summary_line(o, runs);
		return;
	}
	c = &cs->v[cs->mdcmax];
	m = c->mdc * 100;
	name = fg_tbl_name(c->name, c->len > 60 ? 60 : c->len, o->fmt);
	if (!(m > o->failpct))
		snprintf(line, sizeof(line), "a regression above %g points "
		    "would have been found (power %.0f%%; at most %.2f points "
		    "needed, in %s); %s", o->failpct, FG_POWER * 100, m, name,
		    runs);
	else {
		k = ceil(m * m / (o->failpct * o->failpct) * 10) / 10;
		snprintf(line, sizeof(line), "a %g-point regression cannot be "
		    "ruled out: %s needs %.2f points to be found (power "
		    "%.0f%%); about %.1fx the %s would settle it; %s",
		    o->failpct, name, m, FG_POWER * 100, k, nz->between ?
		    "runs a side" : "samples", runs);
	}
	free(name);
	summary_line(o, line);
}

/*
 * A side's total: exact when whole (past 2^53 a double would round it);
 * a scaled stream's fractional total as its other counts are shown.
 */
static char *
totcount(char *buf, size_t n, fg_count exact, double v)
{
	return exact.f == 0 ? fmtcount(buf, exact) : top_count(buf, n, v);
}

/* The first line: totals (grand, exact), mode, samples, test. */
static void
diff_summary(const struct topopt *o, const struct fg_changes *cs,
    const struct fg_noise *nz, const fg_count *grand)
{
	char line[768], ga[64], gb[64], ub[40];
	const char *arrow = o->fmt == FG_FMT_MD ? "\xe2\x86\x92" : "->";
	int w;

	w = snprintf(line, sizeof(line), "%stotal %s %s %s%s (%+.2f%%)%s; "
	    "%s mode (%s); by %s; %s; %zu %s (%s functions)",
	    o->fmt == FG_FMT_MD ? "**" : "",
	    totcount(ga, sizeof(ga), grand[0], cs->tot[0]), arrow,
	    totcount(gb, sizeof(gb), grand[1], cs->tot[1]),
	    top_unit_word(o, ub, sizeof(ub)),
	    fg_changes_totchange(cs) *
	    100, o->fmt == FG_FMT_MD ? "**" : "", fg_mode_name(cs->mode),
	    cs->mode == FG_MODE_ABSOLUTE ? "points of the baseline's total" :
	    "points of each side's total", o->bytotal ? "total" : "self",
	    nz->how, cs->nreg + cs->nimp, fg_noise_tested(nz) ?
	    "significant" : "changed, not tested", cs->test);
	if (!o->bytotal && nz->origin == FG_ORIGIN_SAMPLED && !nz->between &&
	    w > 0 &&
	    (size_t)w < sizeof(line))
		w += snprintf(line + w, sizeof(line) - (size_t)w,
		    "; dispersion %.2f", cs->phi);
	if (cs->mode == FG_MODE_ABSOLUTE && nz->driftauto && cs->driftn == 0 &&
	    w > 0 && (size_t)w < sizeof(line))
		snprintf(line + w, sizeof(line) - (size_t)w, "; drift not "
		    "measured (under %d functions with %d samples a side)",
		    FG_DRIFT_MINN, FG_DRIFT_MIN);
	else if (cs->drift != 1 && w > 0 && (size_t)w < sizeof(line))
		snprintf(line + w, sizeof(line) - (size_t)w, "; drift x%.4g "
		    "taken out (%s)", cs->drift, nz->driftauto ? "median "
		    "after/before of the functions" : "--drift");
	summary_line(o, line);
	power_line(o, cs, nz);
}

static void
noise_line(const struct topopt *o, const struct fg_changes *cs, int any)
{
	char line[160];

	if (o->fmt == FG_FMT_TSV)
		return;
	if (cs->nreg + cs->nimp == 0)
		snprintf(line, sizeof(line), "no significant change; %zu "
		    "change%s within noise%s", cs->nnoise, cs->nnoise == 1 ?
		    "" : "s", cs->nnoise > 0 && !o->all ?
		    " (--all lists them)" : "");
	else
		snprintf(line, sizeof(line), "%zu change%s within noise%s",
		    cs->nnoise, cs->nnoise == 1 ? "" : "s", cs->nnoise > 0 &&
		    !o->all ? " (--all lists them)" : "");
	if (o->fmt == FG_FMT_TEXT && any)
		fg_out_char('\n');
	summary_line(o, line);
}

void
report_diff(const struct topopt *o, const struct fg_changes *cs,
    const struct fg_noise *nz, const size_t *bad, size_t nbad,
    const struct topframes *fr, const fg_count *grand)
{
	int any = 0;

	diff_summary(o, cs, nz, grand);
	any |= diff_list(o, cs, LIST_REG, any);
	any |= diff_list(o, cs, LIST_IMP, any);
	if (o->all)
		any |= diff_list(o, cs, LIST_NOISE, any);
	if (o->fmt == FG_FMT_TSV && !any) {	/* the header row alone */
		struct fg_tbl t;

		diff_head(o, &t);
		fg_tbl_print(&t, o->fmt);
		fg_tbl_free(&t);
	}
	noise_line(o, cs, any);
	if (o->gate)
		report_gate(o, cs, bad, nbad, fr);
}
