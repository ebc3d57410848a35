/* SPDX-License-Identifier: ISC */
/*
 * fg-top: the top functions of a folded profile, or the largest changes of
 * a differential stream with their significance, and a CI gate on them.
 * This file reads options and stacks into per-function counts; report.c
 * prints; change.c (common) classifies the changes.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fg.h"
#include "stats.h"
#include "change.h"
#include "top.h"

static const char usage[] =
    "fg-top [-n N] [--by self|total] [--fail-above PCT [--fail-both]]\n"
    "              [--all] [--tsv | --markdown] [--cost VCPUS:PRICE]\n"
    "              [--mode absolute|proportional] [--period P | --samples N[:M]]\n"
    "              [--alpha A | --zcrit Z] [--dispersion PHI]\n"
    "              [--drift auto|K] [file ...]";

static const char help[] =
    "usage: fg-top [options] [file ...]\n"
    "Report the top functions of a folded profile (self and total counts\n"
    "and shares, functions merged by name across stacks), or for a\n"
    "differential stream (stack before after) the total before and after,\n"
    "the significant regressions (grown or new), then the significant\n"
    "improvements (shrunk or removed), each ranked by the size of its\n"
    "change, and the number of changes within sampling noise. Several\n"
    "files are read as one stream; with no file, or when file is -, read\n"
    "standard input.\n"
    "\n"
    "  -n, --top N            rows per list (default 20; 0 for all)\n"
    "  -b, --by self|total    measure to sort, report and gate (default self)\n"
    "  -f, --fail-above PCT   exit 1 when a significant regression exceeds\n"
    "                         PCT points (offenders on standard error)\n"
    "      --fail-both        the gate fails on significant decreases too\n"
    "      --all              also list the changes within noise\n"
    "      --tsv              tab-separated values with a header row\n"
    "      --markdown         GitHub Markdown (pull-request comments)\n"
    "  -c, --cost VCPUS:PRICE " FG_COST_HELP_TEXT
    "  -m, --mode MODE        absolute (counts, points of the baseline's\n"
    "                         total) or proportional (shares of each side's\n"
    "                         total); default: the stream's header, else\n"
    "                         absolute\n"
    "  -p, --period P         counts are weighted: P count units per sample\n"
    "  -s, --samples N[:M]    samples behind the counts (before:after)\n"
    "  -a, --alpha A          family-wise error rate (default 0.001, Holm)\n"
    "  -z, --zcrit Z          fixed |z| threshold per function instead\n"
    "  -d, --dispersion PHI   variance inflation of run-to-run noise\n"
    "                         (default 1: sampling noise only)\n"
    "      --drift auto|K     absolute mode: divide the after counts by K,\n"
    "                         or by the median function's after/before\n"
    "                         (auto), taking out a run's speed (default 1)\n"
    "  -h, --help             print this help and exit\n"
    "      --version          print the version and exit\n"
    "\n"
    "Exit status: 0 success, 1 malformed lines were skipped or (with\n"
    "--fail-above) the gate failed, 2 error, 3 (with --fail-above) the gate\n"
    "passed but malformed lines were skipped.\n";

enum { OPT_TSV = 256, OPT_MD, OPT_ALL, OPT_BOTH, OPT_DRIFT };
static const struct fg_opt opts[] = {
	{ "top", 'n', FG_OPT_ARG },
	{ "by", 'b', FG_OPT_ARG },
	{ "fail-above", 'f', FG_OPT_ARG },
	{ "fail-both", OPT_BOTH, FG_OPT_NOARG },
	{ "all", OPT_ALL, FG_OPT_NOARG },
	{ "tsv", OPT_TSV, FG_OPT_NOARG },
	{ "markdown", OPT_MD, FG_OPT_NOARG },
	{ "cost", 'c', FG_OPT_ARG },
	{ "mode", 'm', FG_OPT_ARG },
	{ "period", 'p', FG_OPT_ARG },
	{ "samples", 's', FG_OPT_ARG },
	{ "alpha", 'a', FG_OPT_ARG },
	{ "zcrit", 'z', FG_OPT_ARG },
	{ "dispersion", 'd', FG_OPT_ARG },
	{ "drift", OPT_DRIFT, FG_OPT_ARG },
	{ NULL, 0, 0 }
};

/* Counts per function: self and total, before (0) after (1). */
enum { SELF0, TOTAL0, SELF1, TOTAL1, NCOL };

static struct topopt o = { .top = 20, .fmt = FMT_TEXT };
static struct fg_noise nz;

static double
parse_num(const char *s, const char *what, int zero_ok)
{
	double v = (double)fg_parse_factor(s, what);

	if (!zero_ok && !(v > 0))
		fg_errx(FG_EXIT_ERR, "%s: must be above 0: %s", what, s);
	return v;
}

static void
setfmt(enum fmt f)
{
	if (o.fmt != FMT_TEXT && o.fmt != f)
		fg_errx(FG_EXIT_ERR, "--tsv and --markdown: choose one");
	o.fmt = f;
}

static void
option(int c, const char *arg)
{
	switch (c) {
	case 'n':
		o.top = fg_parse_int(arg, 0, 1000000000, "-n");
		break;
	case 'b':
		if (strcmp(arg, "self") != 0 && strcmp(arg, "total") != 0)
			fg_errx(FG_EXIT_ERR, "--by: self or total, not %s",
			    arg);
		o.bytotal = strcmp(arg, "total") == 0;
		break;
	case 'f':
		o.gate = 1;
		o.failpct = parse_num(arg, "--fail-above", 1);
		break;
	case OPT_BOTH:
		o.gateboth = 1;
		break;
	case OPT_ALL:
		o.all = 1;
		break;
	case OPT_TSV:
	case OPT_MD:
		setfmt(c == OPT_TSV ? FMT_TSV : FMT_MD);
		break;
	case 'c':
		fg_cost_parse(&o.cost, arg);
		break;
	case 'm':
	case 'p':
	case 's':
		fg_noise_opt(&nz, c == 'm' ? FG_OPT_MODE : c == 'p' ?
		    FG_OPT_PERIOD : FG_OPT_SAMPLES, arg);
		break;
	case 'a':
		nz.alpha = parse_num(arg, "--alpha", 0);
		if (!(nz.alpha < 1))
			fg_errx(FG_EXIT_ERR, "--alpha: must be below 1: %s",
			    arg);
		nz.zcrit = 0;
		break;
	case 'z':
		nz.zcrit = parse_num(arg, "--zcrit", 0);
		break;
	case 'd':
		nz.phi = parse_num(arg, "--dispersion", 0);
		break;
	case OPT_DRIFT:
		fg_noise_opt(&nz, FG_OPT_DRIFT, arg);
		break;
	default:
		fg_usage(usage);
	}
}

static void
addc(fg_count *dst, fg_count v, const struct fg_fold *f)
{
	if (fg_count_add(dst, v) < 0)
		fg_sum_overflow(f->in.name, f->in.lineno);
}

/* Reading state. */
static struct fg_stab *tab;	/* functions */
static struct fg_stab *stacks;	/* distinct stacks, to count them */
static fg_count grand[2];
static struct fg_period period;
static uint32_t gen;

static void
add_record(const struct fg_fold *f, const struct fg_rec *r)
{
	const char *p = r->stack, *end = r->stack + r->len, *semi;
	struct fg_ent *e, *leaf = NULL;
	int k;

	if (++gen == 0) {	/* wrapped: forget every "seen in stack" mark */
		for (e = fg_stab_first(tab); e != NULL; e = e->next)
			e->aux = 0;
		gen = 1;
	}
	fg_stab_get(stacks, r->stack, r->len);
	for (k = 0; k < r->ncols; k++) {
		addc(&grand[k], r->c[k], f);
		fg_period_add(&period, k, r->c[k]);
	}
	for (;;) {
		semi = memchr(p, ';', (size_t)(end - p));
		if (semi == NULL)
			semi = end;
		e = fg_stab_get(tab, p, (size_t)(semi - p));
		/* A recursive function counts once per stack in its total. */
		if (e->aux != gen) {
			e->aux = gen;
			for (k = 0; k < r->ncols; k++)
				addc(&e->c[k == 0 ? TOTAL0 : TOTAL1], r->c[k],
				    f);
		}
		leaf = e;
		if (semi == end)
			break;
		p = semi + 1;
	}
	for (k = 0; k < r->ncols; k++)
		addc(&leaf->c[k == 0 ? SELF0 : SELF1], r->c[k], f);
}

static void
check_gate(const struct fg_fold *f)
{
	if (fg_stab_count(stacks) == 0)
		fg_errx(FG_EXIT_ERR, "%s: no samples: nothing to gate",
		    f->in.name);
	if (f->kind != FG_KIND_DIFF)
		fg_errx(FG_EXIT_ERR, "%s: --fail-above needs a differential "
		    "stream (stack before after)", f->in.name);
	if (fg_count_iszero(grand[0]) || fg_count_iszero(grand[1]))
		fg_errx(FG_EXIT_ERR, "%s: the %s side has no samples",
		    f->in.name, fg_count_iszero(grand[0]) ? "before" :
		    "after");
}

/* A differential stream: classify every function seen, then report. */
static size_t
diff(const struct fg_fold *f)
{
	struct fg_changes cs;
	struct fg_ent *e;
	int m = o.bytotal ? TOTAL0 : SELF0;
	size_t bad;

	fg_noise_setup(&nz, f->header, f->in.name, fg_count_dbl(grand[0]),
	    fg_count_dbl(grand[1]), &period);
	fg_changes_init(&cs);
	for (e = fg_stab_first(tab); e != NULL; e = e->next) {
		if (fg_count_iszero(e->c[m]) && fg_count_iszero(e->c[m + 2]))
			continue;	/* never seen on either side */
		fg_changes_add(&cs, fg_ent_key(tab, e), e->len,
		    fg_count_dbl(e->c[m]), fg_count_dbl(e->c[m + 2]));
	}
	/* Dispersion is measured on self counts: they partition a side. */
	fg_changes_classify(&cs, &nz, !o.bytotal);
	bad = report_diff(&o, &cs, &nz);
	fg_changes_free(&cs);
	return bad;
}

static void
profile(void)
{
	struct fg_ent *e;
	struct fn *v;
	size_t i;

	v = fg_calloc(fg_stab_count(tab) + 1, sizeof(*v));
	for (i = 0, e = fg_stab_first(tab); e != NULL; e = e->next, i++) {
		v[i].name = fg_ent_key(tab, e);
		v[i].len = e->len;
		v[i].c[0] = e->c[o.bytotal ? TOTAL0 : SELF0];
		v[i].c[1] = e->c[o.bytotal ? SELF0 : TOTAL0];
	}
	report_profile(&o, v, i, grand[0], fg_stab_count(stacks));
	free(v);
}

int
main(int argc, char *argv[])
{
	struct fg_optstate st;
	struct fg_fold f;
	struct fg_rec r;
	char **files;
	int c, nfiles, bad = 0;

	fg_tool_init(argv[0], usage, help);
	fg_noise_init(&nz);
	fg_opt_init(&st, argc, argv);
	while ((c = fg_getopt(&st, opts)) != -1)
		option(c, st.arg);
	files = fg_opt_files(&st, &nfiles);

	tab = fg_stab_new(NCOL);
	stacks = fg_stab_new(0);
	fg_fold_open_list(&f, files, nfiles, FG_KIND_UNKNOWN);
	while (fg_fold_next(&f, &r))
		add_record(&f, &r);
	fg_in_warnsummary(&f.in);
	if (o.gate)
		check_gate(&f);
	if (fg_stab_count(stacks) > 0) {
		if (f.kind == FG_KIND_DIFF)
			bad = diff(&f) > 0;
		else
			profile();
	}
	fg_fold_close(&f);
	fg_stab_free(tab);
	fg_stab_free(stacks);
	free(st.ops);
	fg_out_close();
	if (o.gate)
		return bad ? 1 : fg_status == FG_EXIT_DATA ? 3 : fg_status;
	return fg_status;
}
