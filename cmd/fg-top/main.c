/* SPDX-License-Identifier: ISC */
/*
 * fg-top: the top functions of a folded profile, or the largest changes of
 * a differential stream with their significance, and a CI gate on them.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fg.h"
#include "fgstats.h"
#include "top.h"

static const char usage[] =
    "fg-top [-n N] [--by self|total] [--fail-above PCT] [--tsv | --markdown]\n"
    "              [--cost VCPUS:PRICE] [--period P | --samples N[:M]]\n"
    "              [--alpha A | --zcrit Z] [--dispersion PHI] [file]";

static const char help[] =
    "usage: fg-top [options] [file]\n"
    "Report the top functions of a folded profile (self and total counts\n"
    "and shares, functions merged by name across stacks), or for a\n"
    "differential stream (stack before after) the largest increases and\n"
    "decreases and the new and removed functions, each tested against\n"
    "sampling noise. With no file, or when file is -, read standard input.\n"
    "\n"
    "  -n, --top N            rows per table (default 20; 0 for all)\n"
    "  -b, --by self|total    measure to sort, report and gate (default self)\n"
    "  -f, --fail-above PCT   exit 1 when a significant change of a share\n"
    "                         exceeds PCT percentage points (offenders on\n"
    "                         standard error)\n"
    "      --tsv              tab-separated values with a header row\n"
    "      --markdown         GitHub Markdown tables (pull-request comments)\n"
    "  -c, --cost VCPUS:PRICE add the yearly cost of each share:\n"
    "                         share x VCPUS x PRICE per vCPU-hour x 8760\n"
    "  -p, --period P         counts are weighted: P count units per sample\n"
    "  -s, --samples N[:M]    samples behind the counts (before:after)\n"
    "  -a, --alpha A          family-wise error rate (default 0.001, Holm)\n"
    "  -z, --zcrit Z          fixed |z| threshold per function instead\n"
    "  -d, --dispersion PHI   variance inflation of run-to-run noise\n"
    "                         (default 1: sampling noise only)\n"
    "  -h, --help             print this help and exit\n"
    "      --version          print the version and exit\n"
    "\n"
    "Exit status: 0 success, 1 malformed lines were skipped or (with\n"
    "--fail-above) the gate failed, 2 error, 3 (with --fail-above) the gate\n"
    "passed but malformed lines were skipped.\n";

enum { OPT_TSV = 256, OPT_MD };
static const struct fg_opt opts[] = {
	{ "top", 'n', FG_OPT_ARG },
	{ "by", 'b', FG_OPT_ARG },
	{ "fail-above", 'f', FG_OPT_ARG },
	{ "tsv", OPT_TSV, FG_OPT_NOARG },
	{ "markdown", OPT_MD, FG_OPT_NOARG },
	{ "cost", 'c', FG_OPT_ARG },
	{ "period", 'p', FG_OPT_ARG },
	{ "samples", 's', FG_OPT_ARG },
	{ "alpha", 'a', FG_OPT_ARG },
	{ "zcrit", 'z', FG_OPT_ARG },
	{ "dispersion", 'd', FG_OPT_ARG },
	{ NULL, 0, 0 }
};

/* Columns of the function table: self and total, before (0) after (1). */
enum { SELF0, TOTAL0, SELF1, TOTAL1, NCOL };

struct fn {
	const char *name;
	size_t len;
	fg_count c[2];		/* the measure, before and after */
	double s[2];		/* shares of each side's total, 0..1 */
	double z;
	unsigned char sig;
	int sect;		/* SECT_* */
};
enum { SECT_INC, SECT_DEC, SECT_NEW, SECT_GONE, SECT_SAME, NSECT };
static const char *const sectname[NSECT] = {
	"increases", "decreases", "new", "removed", "unchanged"
};
static const char *const secttsv[NSECT] = {
	"increase", "decrease", "new", "removed", "unchanged"
};

static struct {
	long long top;
	int bytotal;
	int gate;
	double failpct;
	enum fmt fmt;
	int cost;
	double vcpus, price;
	double period;		/* 0: not given */
	double samples[2];	/* 0: not given */
	double alpha, zcrit;	/* zcrit 0: use Holm at alpha */
	double phi;
} o = { 20, 0, 0, 0, FMT_TEXT, 0, 0, 0, 0, { 0, 0 }, FG_ALPHA_DEFAULT, 0,
    1 };

static double
parse_num(const char *s, const char *what, int zero_ok)
{
	double v = (double)fg_parse_factor(s, what);

	if (!zero_ok && !(v > 0))
		fg_errx(FG_EXIT_ERR, "%s: must be above 0: %s", what, s);
	return v;
}

/* "A:B" into two numbers; with no colon b is a copy of a when same. */
static void
parse_pair(const char *s, const char *what, double *a, double *b, int same)
{
	const char *colon = strchr(s, ':');
	char *first;

	if (colon == NULL) {
		if (!same)
			fg_errx(FG_EXIT_ERR, "%s: expected A:B: %s", what, s);
		*a = *b = parse_num(s, what, 0);
		return;
	}
	first = fg_strdup(s);
	first[colon - s] = '\0';
	*a = parse_num(first, what, 0);
	*b = parse_num(colon + 1, what, 0);
	free(first);
}

static void
addc(fg_count *dst, fg_count v, const struct fg_fold *f)
{
	if (fg_count_add(dst, v) < 0)
		fg_errx(FG_EXIT_ERR, "%s:%llu: sum of counts overflows 2^63-1",
		    f->in.name, (unsigned long long)f->in.lineno);
}

/* Reading state. */
static struct fg_stab *tab;
static fg_count grand[2];
static uint64_t nstacks;
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
	nstacks++;
	for (k = 0; k < r->ncols; k++) {
		addc(&grand[k], r->c[k], f);
		fg_period_add(&period, r->c[k]);
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

static char *
fmtcount(char *buf, fg_count c)
{
	fg_count_fmt(buf, c);
	return buf;
}

static void
fmtpct(char *buf, size_t n, double share)
{
	snprintf(buf, n, "%.2f", share * 100);
}

static void
fmtcost(char *buf, size_t n, double share, int sign)
{
	snprintf(buf, n, sign ? "%+.2f" : "%.2f",
	    share * o.vcpus * o.price * 8760);
}

static int
cmpname(const struct fn *a, const struct fn *b)
{
	return fg_keycmp(a->name, a->len, b->name, b->len);
}

/* Profile order: the measure, then the other one, descending; then name. */
static int
cmpprofile(const void *x, const void *y)
{
	const struct fn *a = x, *b = y;
	int c;

	if ((c = fg_count_cmp(b->c[0], a->c[0])) != 0)
		return c;
	if ((c = fg_count_cmp(b->c[1], a->c[1])) != 0)
		return c;
	return cmpname(a, b);
}

static double
delta(const struct fn *f)
{
	return f->s[1] - f->s[0];
}

/* Diff order: section, then the size of the change, largest first. */
static int
cmpdiff(const void *x, const void *y)
{
	const struct fn *a = x, *b = y;
	double da = fabs(delta(a)), db = fabs(delta(b));

	if (a->sect != b->sect)
		return a->sect < b->sect ? -1 : 1;
	if (da != db)
		return da > db ? -1 : 1;
	return cmpname(a, b);
}

static void
summary_line(const char *s)
{
	if (o.fmt == FMT_TSV)
		return;
	fg_out_str(o.fmt == FMT_MD ? "" : "# ");
	fg_out_str(s);
	fg_out_str(o.fmt == FMT_MD ? "\n\n" : "\n");
}

static void
report_profile(struct fn *v, size_t n)
{
	struct tbl t;
	char b[5][64];
	const char *cells[6];
	size_t i, lim;
	double tot = fg_count_dbl(grand[0]);
	char *name, line[256], gb[32];
	const char *m = o.bytotal ? "total" : "self";

	qsort(v, n, sizeof(*v), cmpprofile);
	lim = o.top == 0 || (size_t)o.top > n ? n : (size_t)o.top;
	snprintf(line, sizeof(line), "total %s in %llu stacks, %zu functions; "
	    "top %zu by %s", fmtcount(gb, grand[0]),
	    (unsigned long long)nstacks, n, lim, m);
	summary_line(line);
	tbl_init(&t, o.cost ? 6 : 5);
	t.head[0] = o.bytotal ? "TOTAL" : "SELF";
	t.head[1] = o.bytotal ? "TOTAL%" : "SELF%";
	t.head[2] = o.bytotal ? "SELF" : "TOTAL";
	t.head[3] = o.bytotal ? "SELF%" : "TOTAL%";
	t.tsvhead[0] = o.bytotal ? "total" : "self";
	t.tsvhead[1] = o.bytotal ? "total_pct" : "self_pct";
	t.tsvhead[2] = o.bytotal ? "self" : "total";
	t.tsvhead[3] = o.bytotal ? "self_pct" : "total_pct";
	i = 4;
	if (o.cost) {
		t.head[4] = "COST/YR";
		t.tsvhead[4] = "cost_per_year";
		i = 5;
	}
	t.head[i] = "FUNCTION";
	t.tsvhead[i] = "function";
	t.left[i] = 1;
	for (i = 0; i < lim; i++) {
		int k = 0;

		cells[k++] = fmtcount(b[0], v[i].c[0]);
		fmtpct(b[1], sizeof(b[1]), fg_count_dbl(v[i].c[0]) / tot);
		cells[k++] = b[1];
		cells[k++] = fmtcount(b[2], v[i].c[1]);
		fmtpct(b[3], sizeof(b[3]), fg_count_dbl(v[i].c[1]) / tot);
		cells[k++] = b[3];
		if (o.cost) {
			fmtcost(b[4], sizeof(b[4]),
			    fg_count_dbl(v[i].c[0]) / tot, 0);
			cells[k++] = b[4];
		}
		cells[k++] = name = tbl_name(v[i].name, v[i].len, o.fmt);
		tbl_row(&t, cells);
		free(name);
	}
	tbl_print(&t, o.fmt);
	tbl_free(&t);
}

/* Effective samples per count unit on each side (see STATISTICS). */
static void
sample_scale(const struct fg_fold *f, double scale[2], char *how, size_t n)
{
	double t[2] = { fg_count_dbl(grand[0]), fg_count_dbl(grand[1]) };
	double per = o.period, smp[2] = { o.samples[0], o.samples[1] };
	const char *src = "option";
	char *v;

	if (per == 0 && smp[0] == 0 && f->header != NULL) {
		src = "header";
		if ((v = fg_header_get(f->header, "period")) != NULL) {
			per = parse_num(v, "header period=", 0);
			free(v);
		} else if ((v = fg_header_get(f->header, "samples")) != NULL) {
			parse_pair(v, "header samples=", &smp[0], &smp[1], 1);
			free(v);
		}
	}
	if (per == 0 && smp[0] == 0 && f->header != NULL &&
	    (v = fg_header_get(f->header, "normalized")) != NULL) {
		/* fg-diff -n scaled the base: its sample count is lost. */
		if (strcmp(v, "yes") == 0)
			fg_warnx("%s: base counts were scaled (fg-diff -n); "
			    "the noise test assumes both sides had the "
			    "current's samples: give --samples, or diff "
			    "without -n", f->in.name);
		free(v);
	}
	if (per == 0 && smp[0] == 0 && fg_period_get(&period) > 1) {
		src = "detected";
		per = fg_period_get(&period);
	}
	if (smp[0] > 0) {
		scale[0] = t[0] > 0 ? smp[0] / t[0] : 0;
		scale[1] = t[1] > 0 ? smp[1] / t[1] : 0;
		snprintf(how, n, "%.0f:%.0f samples (%s)", smp[0], smp[1], src);
	} else if (per > 0) {
		scale[0] = scale[1] = 1 / per;
		snprintf(how, n, "%.0f:%.0f samples (period %.9g, %s)",
		    t[0] / per, t[1] / per, per, src);
	} else {
		scale[0] = scale[1] = 1;
		snprintf(how, n, "counts are samples");
	}
}

/* Points rounded to 1e-9, so that 85% - 90% is not above 5. */
static int
offends(const struct fn *f)
{
	return f->sig && round(fabs(delta(f)) * 1e11) / 1e9 > o.failpct;
}

/*
 * The gate: offenders on standard error, and with --markdown a verdict
 * under the tables for the pull request. Returns the number of offenders.
 */
static size_t
gate(const struct fn *v, size_t n)
{
	size_t i, left, bad = 0;
	char *name;
	const char *m = o.bytotal ? "total" : "self";

	for (i = 0; i < n; i++) {
		if (!offends(&v[i]))
			continue;
		bad++;
		name = tbl_name(v[i].name, v[i].len, FMT_TEXT);
		fg_warnx("%s: %s share %+.2f points (%.2f%% -> %.2f%%, "
		    "z %+.1f), above %g", name, m, delta(&v[i]) * 100,
		    v[i].s[0] * 100, v[i].s[1] * 100, v[i].z, o.failpct);
		free(name);
	}
	if (bad > 0)
		fg_warnx("gate failed: %zu significant change%s above %g "
		    "points", bad, bad == 1 ? "" : "s", o.failpct);
	if (o.fmt != FMT_MD)
		return bad;
	if (bad == 0) {
		fg_out_printf("**Gate passed**: no significant change of a "
		    "%s share above %g points.\n", m, o.failpct);
		return 0;
	}
	fg_out_printf("**Gate failed**: %zu significant change%s of a %s "
	    "share above %g points:", bad, bad == 1 ? "" : "s", m,
	    o.failpct);
	for (i = 0, left = bad; i < n; i++) {
		if (!offends(&v[i]))
			continue;
		name = tbl_name(v[i].name, v[i].len, FMT_MD);
		fg_out_printf(" %s %+.2f%s", name, delta(&v[i]) * 100,
		    --left > 0 ? "," : ".\n");
		free(name);
	}
	return bad;
}

/* Titles of the numeric columns of a diff table: text, TSV. */
static const char *const diffcols[8][2] = {
	{ "BEFORE", "before" }, { "AFTER", "after" },
	{ "BEFORE%", "before_pct" }, { "AFTER%", "after_pct" },
	{ "POINTS", "delta_points" }, { "REL", "relative_pct" },
	{ "Z", "z" }, { "SIG", "significant" }
};

/* Returns the number of offenders above the gate. */
static size_t
report_diff(const struct fg_fold *f, struct fn *v, size_t n)
{
	struct tbl t;
	char b[10][64], line[512], how[160], ga[32], gb2[32], zc[64];
	const char *cells[12];
	double tot[2] = { fg_count_dbl(grand[0]), fg_count_dbl(grand[1]) };
	double scale[2], *z, *sa, *sb, phi;
	unsigned char *sig;
	size_t i, nsig, shown[NSECT] = { 0 }, lim;
	int j, k, sect, any = 0;
	char *name;

	sample_scale(f, scale, how, sizeof(how));
	z = fg_reallocarray(NULL, n + 1, sizeof(*z));
	sa = fg_reallocarray(NULL, n + 1, sizeof(*sa));
	sb = fg_reallocarray(NULL, n + 1, sizeof(*sb));
	sig = fg_malloc(n + 1);
	for (i = 0; i < n; i++) {
		double a = fg_count_dbl(v[i].c[0]);
		double bb = fg_count_dbl(v[i].c[1]);

		v[i].s[0] = tot[0] > 0 ? a / tot[0] : 0;
		v[i].s[1] = tot[1] > 0 ? bb / tot[1] : 0;
		sa[i] = a * scale[0];
		sb[i] = bb * scale[1];
		z[i] = fg_ztest(sa[i], tot[0] * scale[0], sb[i],
		    tot[1] * scale[1]) / sqrt(o.phi);
	}
	if (o.zcrit > 0) {
		for (i = 0, nsig = 0; i < n; i++)
			nsig += sig[i] = fabs(z[i]) > o.zcrit;
		snprintf(zc, sizeof(zc), "|z| > %.4g per function", o.zcrit);
	} else {
		nsig = fg_holm(z, n, o.alpha, sig);
		snprintf(zc, sizeof(zc), "Holm, alpha %.4g over %zu functions",
		    o.alpha, n);
	}
	/* Dispersion is measured on self shares: they partition a side. */
	phi = 0;
	if (!o.bytotal)
		phi = fg_dispersion(sa, sb, n, tot[0] * scale[0],
		    tot[1] * scale[1]);
	for (i = 0; i < n; i++) {
		v[i].z = z[i];
		v[i].sig = sig[i];
		if (fg_count_iszero(v[i].c[0]))
			v[i].sect = SECT_NEW;
		else if (fg_count_iszero(v[i].c[1]))
			v[i].sect = SECT_GONE;
		else if (delta(&v[i]) > 0)
			v[i].sect = SECT_INC;
		else if (delta(&v[i]) < 0)
			v[i].sect = SECT_DEC;
		else
			v[i].sect = SECT_SAME;
	}
	free(z);
	free(sa);
	free(sb);
	free(sig);
	qsort(v, n, sizeof(*v), cmpdiff);

	if (o.fmt != FMT_TSV) {
		int w = snprintf(line, sizeof(line), "before %s, after %s; %s; "
		    "%zu functions by %s; %zu significant (%s)",
		    fmtcount(ga, grand[0]), fmtcount(gb2, grand[1]), how, n,
		    o.bytotal ? "total" : "self", nsig, zc);
		if (!o.bytotal && w > 0 && (size_t)w < sizeof(line))
			snprintf(line + w, sizeof(line) - (size_t)w,
			    "; dispersion %.2f", phi);
		summary_line(line);
	}
	for (sect = 0; sect < SECT_SAME; sect++) {
		tbl_init(&t, o.cost ? 10 : 9);
		k = 0;
		if (o.fmt == FMT_TSV) {
			t.ncol++;
			t.head[k] = "";
			t.tsvhead[k++] = "change";
		}
		for (j = 0; j < 8; j++) {
			t.head[k] = diffcols[j][0];
			t.tsvhead[k++] = diffcols[j][1];
		}
		if (o.cost) {
			t.head[k] = "COST/YR";
			t.tsvhead[k++] = "cost_per_year";
		}
		t.left[k] = 1;
		t.head[k] = "FUNCTION"; t.tsvhead[k++] = "function";
		lim = (size_t)o.top;
		for (i = 0; i < n; i++) {
			if (v[i].sect != sect)
				continue;
			if (o.top != 0 && shown[sect] >= lim)
				continue;
			shown[sect]++;
			k = 0;
			if (o.fmt == FMT_TSV)
				cells[k++] = secttsv[sect];
			cells[k++] = fmtcount(b[0], v[i].c[0]);
			cells[k++] = fmtcount(b[1], v[i].c[1]);
			fmtpct(b[2], sizeof(b[2]), v[i].s[0]);
			cells[k++] = b[2];
			fmtpct(b[3], sizeof(b[3]), v[i].s[1]);
			cells[k++] = b[3];
			snprintf(b[4], sizeof(b[4]), "%+.2f", delta(&v[i]) *
			    100);
			cells[k++] = b[4];
			if (sect == SECT_NEW)
				snprintf(b[5], sizeof(b[5]), "new");
			else
				snprintf(b[5], sizeof(b[5]), "%+.1f%s",
				    (v[i].s[1] / v[i].s[0] - 1) * 100,
				    o.fmt == FMT_TSV ? "" : "%");
			cells[k++] = b[5];
			snprintf(b[6], sizeof(b[6]), "%+.2f", v[i].z);
			cells[k++] = b[6];
			cells[k++] = o.fmt == FMT_TSV ? (v[i].sig ? "1" : "0")
			    : (v[i].sig ? "yes" : "no");
			if (o.cost) {
				fmtcost(b[7], sizeof(b[7]), delta(&v[i]), 1);
				cells[k++] = b[7];
			}
			cells[k++] = name = tbl_name(v[i].name, v[i].len,
			    o.fmt);
			tbl_row(&t, cells);
			free(name);
		}
		if (t.nrow > 0 || o.fmt == FMT_TSV) {
			if (o.fmt == FMT_MD)
				fg_out_printf("**%s** (%s)\n\n",
				    sectname[sect], o.bytotal ? "total" :
				    "self");
			else if (o.fmt == FMT_TEXT)
				fg_out_printf("%s%s (%s)\n", any ? "\n" : "",
				    sectname[sect], o.bytotal ? "total" :
				    "self");
			t.nohead = o.fmt == FMT_TSV && any;
			tbl_print(&t, o.fmt);
			if (o.fmt == FMT_MD)
				fg_out_char('\n');
			any = 1;
		}
		tbl_free(&t);
	}
	return o.gate ? gate(v, n) : 0;
}

int
main(int argc, char *argv[])
{
	struct fg_optstate st;
	struct fg_fold f;
	struct fg_rec r;
	struct fg_ent *e;
	struct fn *v;
	const char *path = "-";
	size_t n, i;
	int c, bad = 0, m;

	fg_tool_init(argv[0], usage, help);
	fg_opt_init(&st, argc, argv);
	while ((c = fg_getopt(&st, opts)) != -1) {
		switch (c) {
		case 'n':
			o.top = fg_parse_int(st.arg, 0, 1000000000, "-n");
			break;
		case 'b':
			if (strcmp(st.arg, "self") == 0)
				o.bytotal = 0;
			else if (strcmp(st.arg, "total") == 0)
				o.bytotal = 1;
			else
				fg_errx(FG_EXIT_ERR, "--by: self or total, "
				    "not %s", st.arg);
			break;
		case 'f':
			o.gate = 1;
			o.failpct = parse_num(st.arg, "--fail-above", 1);
			break;
		case OPT_TSV:
			o.fmt = FMT_TSV;
			break;
		case OPT_MD:
			o.fmt = FMT_MD;
			break;
		case 'c':
			o.cost = 1;
			parse_pair(st.arg, "--cost", &o.vcpus, &o.price, 0);
			break;
		case 'p':
			o.period = parse_num(st.arg, "--period", 0);
			o.samples[0] = o.samples[1] = 0;
			break;
		case 's':
			parse_pair(st.arg, "--samples", &o.samples[0],
			    &o.samples[1], 1);
			o.period = 0;
			break;
		case 'a':
			o.alpha = parse_num(st.arg, "--alpha", 0);
			if (!(o.alpha < 1))
				fg_errx(FG_EXIT_ERR, "--alpha: must be below "
				    "1: %s", st.arg);
			o.zcrit = 0;
			break;
		case 'z':
			o.zcrit = parse_num(st.arg, "--zcrit", 0);
			break;
		case 'd':
			o.phi = parse_num(st.arg, "--dispersion", 0);
			break;
		default:
			fg_usage(usage);
		}
	}
	if (st.nops > 1)
		fg_usage(usage);
	if (st.nops == 1)
		path = st.ops[0];

	tab = fg_stab_new(NCOL);
	fg_fold_open(&f, path, FG_KIND_UNKNOWN);
	while (fg_fold_next(&f, &r))
		add_record(&f, &r);
	fg_in_warnsummary(&f.in);

	n = fg_stab_count(tab);
	v = fg_calloc(n + 1, sizeof(*v));
	m = o.bytotal ? TOTAL0 : SELF0;
	for (i = 0, e = fg_stab_first(tab); e != NULL; e = e->next) {
		v[i].name = fg_ent_key(tab, e);
		v[i].len = e->len;
		if (f.kind == FG_KIND_DIFF) {
			v[i].c[0] = e->c[m];
			v[i].c[1] = e->c[m + 2];
			if (fg_count_iszero(v[i].c[0]) &&
			    fg_count_iszero(v[i].c[1]))
				continue;	/* never seen on either side */
		} else {
			v[i].c[0] = e->c[m];
			v[i].c[1] = e->c[o.bytotal ? SELF0 : TOTAL0];
		}
		i++;
	}
	n = i;
	if (o.gate) {
		if (nstacks == 0)
			fg_errx(FG_EXIT_ERR, "%s: no samples: nothing to gate",
			    f.in.name);
		if (f.kind != FG_KIND_DIFF)
			fg_errx(FG_EXIT_ERR, "%s: --fail-above needs a "
			    "differential stream (stack before after)",
			    f.in.name);
		if (fg_count_iszero(grand[0]) || fg_count_iszero(grand[1]))
			fg_errx(FG_EXIT_ERR, "%s: the %s side has no samples",
			    f.in.name, fg_count_iszero(grand[0]) ? "before" :
			    "after");
	}
	if (nstacks > 0) {
		if (f.kind == FG_KIND_DIFF)
			bad = report_diff(&f, v, n) > 0;
		else
			report_profile(v, n);
	}
	fg_fold_close(&f);
	free(v);
	fg_stab_free(tab);
	free(st.ops);
	fg_out_close();
	if (o.gate)
		return bad ? 1 : fg_status == FG_EXIT_DATA ? 3 : fg_status;
	return fg_status;
}
