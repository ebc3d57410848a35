/* SPDX-License-Identifier: ISC */
/*
 * stats.h: the statistics library: the tests of a change between two
 * profiles, and the sets of noise (fg-top, fg-svg, fg-color through
 * color.h). On the core, fg.h.
 *
 * stats.c     the statistics of a frame's counts; a change classified
 *             (change)
 * noiseset.c  the noise set: frames within a run's own noise; --cost
 *             VCPUS:PRICE (cost)
 * repl.c      the between-run model of replicate runs (replicates)
 */
#ifndef FG_STATS_H
#define FG_STATS_H

#include <stddef.h>
#include <stdint.h>

#include "fg.h"

/*
 * stats: the noise test (stats.c; its settings from options and headers,
 * noiseset.c), one for every tool that says whether
 * a change is real (fg-top, fg-color, fg-svg). See fg-top(1), STATISTICS.
 *
 * A differential stream is compared in one of two modes:
 *   absolute      counts as given; a change is after - before in points of
 *                 the baseline's total; the test compares the two counts
 *                 (equal-length runs: fixed work, a CI benchmark)
 *   proportional  shares of each side's total; a change is the change of
 *                 share in points; the two-proportion test (runs of
 *                 different length: production windows, canaries)
 * The mode comes from --mode, else the stream's header.
 *
 * Use: fg_noise_init, fg_noise_opt for each option, fg_noise_setup once
 * the totals are known, then fg_noise_delta and fg_noise_z per function or
 * frame, and fg_noise_verdicts over all of them.
 */
/*
 * Two-proportion z statistic for a frame's share before (a of ta) and after
 * (b of tb): positive when its share grew. 0 when either total is 0.
 */
double fg_ztest(double a, double ta, double b, double tb);
/* Default |z| above which a change counts as real (see fg-top(1)). */
#define FG_Z_DEFAULT 3.29

/* Family-wise error rate by default: one test at this level is exactly
 * |z| > FG_Z_DEFAULT. */
#define FG_ALPHA_DEFAULT 0.001

/* Two-sided p-value of a standard normal statistic: P(|Z| >= |z|). */
double fg_pvalue(double z);
/* Its inverse: the |z| whose two-sided p-value is p (0 < p < 1). */
double fg_zof(double p);
/*
 * Holm's step-down procedure over n statistics z[]: sets sig[i] to 1 for
 * the tests rejected at family-wise error rate alpha, else 0. NaN counts
 * as 0. Returns the number rejected. Valid under any dependence between
 * the tests. Allocates a scratch array (fatal on memory exhaustion).
 */
size_t fg_holm(const double *z, size_t n, double alpha, unsigned char *sig);
/*
 * The same over a family of n tests of which only z[0..m) may be rejected
 * (every other one has a p-value above alpha: a caller screened them out):
 * returns how many of them fg_holm over all n would reject, and *zmin the
 * smallest |z| it would reject (HUGE_VAL if none): it rejects every |z|
 * down to it, none other. Reorders z.
 */
size_t fg_holm_of(double *z, size_t m, size_t n, double alpha, double *zmin);
/*
 * The verdict on one test once fg_holm_of rejected k down to zmin: fg-top's
 * (through fg_holm) and fg-color's (per frame) alike.
 */
int fg_holm_rejects(double z, size_t k, double zmin);
/*
 * Pearson's chi-square over a 2 x n table (a[i] of ta before, b[i] of tb
 * after, where the a[i] partition ta and the b[i] partition tb) divided by
 * its degrees of freedom: about 1 when the two sides differ by sampling
 * noise only, larger when runs vary more than sampling explains (or when
 * something changed). Returns 0 when fewer than 2 cells are non-empty.
 */
double fg_dispersion(const double *a, const double *b, size_t n, double ta,
    double tb);

/*
 * Detecting a fixed sampling period. Folders that weight each sample by its
 * period (stackcollapse-perf.pl does, in ns for cpu-clock) make every count
 * a multiple of it, which inflates z by its square root. Feed every count
 * to fg_period_add() with its side (0 before, 1 after); fg_period_get()
 * returns their greatest common divisor when all are whole, at least
 * FG_PERIOD_MINCOUNTS are non-zero and it is at least FG_PERIOD_MIN; else 1
 * (counts are samples). Divide counts by it. fg_period_side() does the
 * same for one side's counts (the after side of fg-diff -n, whose before
 * counts were scaled).
 */
#define FG_PERIOD_MIN 100
#define FG_PERIOD_MINCOUNTS 8
struct fg_period {
	uint64_t gcd[2];	/* of each side's non-zero counts so far */
	uint64_t n[2];		/* non-zero counts seen */
	int frac[2];		/* a count had a fractional part */
};
void fg_period_add(struct fg_period *p, int side, fg_count c);
/* The greatest common divisor (fg_gcd(a, 0) is a). */
uint64_t fg_gcd(uint64_t a, uint64_t b);
/* The median of v[0..n-1], n > 0 (v sorted in place; repl.c). */
double fg_median(double *v, size_t n);
double fg_period_get(const struct fg_period *p);
double fg_period_side(const struct fg_period *p, int side);

/* ---- comparison modes ---- */
enum fg_mode {
	FG_MODE_STREAM,		/* not chosen: take the stream's */
	FG_MODE_ABSOLUTE,
	FG_MODE_PROPORTIONAL
};
/* "absolute" or "proportional" into FG_MODE_*, or -1. */
int fg_mode_parse(const char *s);
const char *fg_mode_name(int mode);

/* ---- where the counts come from: the model of their noise ---- */
enum fg_origin {
	FG_ORIGIN_SAMPLED,	/* a profiler's samples, maybe weighted: the
				 * sampling test on the samples behind them */
	FG_ORIGIN_EXACT,	/* counted (callgrind's events): no sampling
				 * noise, every change is real */
	FG_ORIGIN_UNKNOWN	/* weighted, samples not known: no test */
};
/* "sampled", "exact" or "unknown" into FG_ORIGIN_*, or -1. */
int fg_origin_parse(const char *s);
const char *fg_origin_name(int origin);

/* ---- the noise test ---- */
/* The test in force (struct fg_noise's rule). */
enum fg_rule {
	FG_RULE_HOLM,		/* Holm's procedure at alpha over all tests */
	FG_RULE_FIXED,		/* a fixed |z| > zcrit, test by test */
	FG_RULE_NONE		/* none: every change counts (fg-color's
				 * --zcrit 0 and --all-changes) */
};
struct fg_repl;
struct fg_noise {
	int mode;		/* FG_MODE_*: --mode, or from setup */
	double period;		/* --period: count units per sample; 0 */
	double samples[2];	/* --samples before, after; 0 */
	int rule;		/* enum fg_rule */
	double alpha;		/* FG_RULE_HOLM's family-wise error rate */
	double zcrit;		/* FG_RULE_FIXED's |z| */
	double phi;		/* variance inflation (--dispersion), >= 1 */
	double drift;		/* absolute: after counts divided by it (1) */
	int driftauto;		/* --drift auto: fg_noise_drift measures it */
	size_t driftn;		/* functions or frames it was measured on */
	int quiet;		/* setup warns of nothing (a trial setup) */
	int negate;		/* --negate: the view's before is the stream's
				 * after (fg_noise_setup swaps the sides) */
	/* set by fg_noise_setup */
	int origin;		/* enum fg_origin: the model in force */
	double tot[2];		/* totals, count units */
	double scale[2];	/* samples per count unit, each side */
	char how[200];		/* where the sample counts came from */
	/* replicate runs: set rp before fg_noise_setup (repl.c) */
	struct fg_repl *rp;	/* the stream's runs, or NULL */
	int between;		/* the between-run model in force */
	int nrun[2];		/* runs a side (view order); 1:1 without */
	double phig;		/* the profile's dispersion, count units */
	double rfloor;		/* sampling noise's, count units (0: none) */
	double rdf;		/* the t's degrees of freedom */
	double rdrift;		/* the factor of drift that is runs a side */
};
/*
 * Whether changes are tested (sampled counts, or any counts with
 * replicate runs); else every change is real and the threshold decides.
 */
int fg_noise_tested(const struct fg_noise *nz);
void fg_noise_init(struct fg_noise *nz);
/*
 * Options every noise-testing tool takes: --mode, --period, --samples,
 * --drift (FG_NOISE_OPTS), and the rule, --alpha and --zcrit (listed by
 * each tool's table: fg-top gives them short names), each read here
 * once. Returns 1 when c was one of them.
 */
enum { FG_OPT_MODE = 1100, FG_OPT_PERIOD, FG_OPT_SAMPLES, FG_OPT_DRIFT,
	FG_OPT_ALPHA, FG_OPT_ZCRIT };
#define FG_NOISE_OPTS \
	{ "mode", FG_OPT_MODE, FG_OPT_ARG }, \
	{ "period", FG_OPT_PERIOD, FG_OPT_ARG }, \
	{ "samples", FG_OPT_SAMPLES, FG_OPT_ARG }, \
	{ "drift", FG_OPT_DRIFT, FG_OPT_ARG }
int fg_noise_opt(struct fg_noise *nz, int c, const char *arg);
/* The rule in force: Holm's procedure at alpha (--alpha). */
void fg_noise_alpha(struct fg_noise *nz, double alpha);
/* The rule in force: a fixed |z| > z (--zcrit), or none when z is 0. */
void fg_noise_zcrit(struct fg_noise *nz, double z);
/*
 * The |z| shown for the rule in force: zcrit, or under Holm the one-test
 * level at alpha to two decimals (3.29 for 0.001); 0 for none.
 */
double fg_noise_zshown(const struct fg_noise *nz);
/* "A:B" (or "A" for both when same) into two numbers above 0. */
void fg_parse_pair(const char *s, const char *what, double *a, double *b,
    int same);
/*
 * Settles the mode (option, else header) and the samples behind the
 * counts: --samples, --period, the header's period= or samples=, else the
 * period detected in the counts (det, may be NULL). A stream whose base
 * was scaled (fg-diff -n: normalized=yes) has its period detected in the
 * after counts, and its base's samples from base-total= (the base's total
 * before scaling, which fg-diff -n writes). name is the input's,
 * for messages. tot0 and tot1 are the two sides' totals. Every input is
 * in the stream's order (tot0, --samples, the header's samples=, det's
 * sides); with nz->negate the result (tot, scale, how) is in the view's,
 * the current profile first: the one test fg-top, fg-color and fg-svg
 * share, whatever the point of view.
 */
void fg_noise_setup(struct fg_noise *nz, const char *header,
    const char *name, double tot0, double tot1, const struct fg_period *det);
/*
 * The drift between two runs: the median after/before ratio of the
 * functions or frames (a[i], b[i] in count units) with at least
 * FG_DRIFT_MIN samples on each side, when there are FG_DRIFT_MINN of them;
 * else 1 (unknown). Code that did not change moves by this factor when the
 * second run ran slower or faster (machine load, frequency, a sampler
 * that ticks on wall time); the median ignores the minority that changed.
 * *used gets the number of ratios (0: not measured).
 */
#define FG_DRIFT_MIN 10
#define FG_DRIFT_MINN 3
double fg_drift(const struct fg_noise *nz, const double *a, const double *b,
    size_t n, size_t *used);
/*
 * With --drift auto, sets nz->drift to fg_drift's measure (absolute mode
 * only: proportional shares take any uniform factor out already).
 */
void fg_noise_drift(struct fg_noise *nz, const double *a, const double *b,
    size_t n);
/* The drift beyond which a tool warns that the runs differ in speed. */
#define FG_DRIFT_WARN 0.05

/*
 * The change of a function or frame holding a before and b after, as a
 * fraction (x100 for points): absolute b/(drift T0) - a/T0 (drift 1
 * unless --drift), proportional
 * b/T1 - a/T0. fg_noise_share gives side k's part in the same terms.
 */
double fg_noise_share(const struct fg_noise *nz, double c, int side);
double fg_noise_delta(const struct fg_noise *nz, double a, double b);
/*
 * Its z statistic, positive when it grew: absolute, (b/drift - a) over the
 * standard error of the difference of two counts of samples (Poisson);
 * proportional, the two-proportion z-test. Divided by sqrt(phi).
 */
double fg_noise_z(const struct fg_noise *nz, double a, double b);
/*
 * Whether |fg_noise_z(nz, a, b)| may be zc or more: never 0 when it is (a
 * margin for rounding), cheaper (no square root in absolute mode).
 */
int fg_noise_maybe(const struct fg_noise *nz, double a, double b, double zc);
/*
 * The smallest change (as a fraction, x100 for points) of a function or
 * frame holding a before and b after that the test would call real with
 * probability FG_POWER, at the per-test level of |z| > zlevel: z = zlevel
 * + z_power standard errors under no change, z from fg_noise_zmdc (once
 * for all the tests). 0 for exact counts (any change is real), NaN when
 * not tested (unknown origin).
 */
#define FG_POWER 0.80
double fg_noise_mdc(const struct fg_noise *nz, double a, double b, double z);
/* fg_noise_mdc's z for one of n tests: fg_noise_zfirst's, plus z_power. */
double fg_noise_zmdc(const struct fg_noise *nz, size_t n);
/*
 * The |z| of the strictest level the rule in force applies to one of n
 * tests: Holm's first (alpha / n), or zcrit.
 */
double fg_noise_zfirst(const struct fg_noise *nz, size_t n);
/*
 * The verdicts over n statistics: Holm at alpha, or |z| > zcrit. Returns
 * the number significant. desc gets a description (at least 96 bytes).
 */
size_t fg_noise_verdicts(const struct fg_noise *nz, const double *z,
    size_t n, unsigned char *sig, char *desc, size_t desclen);

/*
 * replicates: the between-run model (repl.c; see its comment for the
 * model). A stream of fg-diff BASE... -- CURRENT... says runs=A:B and
 * run-totals=, and follows every stack with its per-run counts
 * ("# fg-run a1,a2,...:b1,b2,..."). A tool reading it makes an fg_repl,
 * hands it the header, every metadata line and every stack in the
 * stream's order, calls fg_repl_end, and sets nz.rp before
 * fg_noise_setup: fg_noise_z, fg_noise_maybe and fg_noise_mdc then test
 * every unit against the variation between its runs.
 */
#define FG_REPL_D0 20		/* prior degrees of freedom of phi_g */
#define FG_REPL_MINMEAN 20	/* samples a run of a stack in phi_g */
struct fg_repl *fg_repl_new(void);
void fg_repl_free(struct fg_repl *rp);
void fg_repl_header(struct fg_repl *rp, const char *header);
void fg_repl_meta(struct fg_repl *rp, const char *line, size_t len);
void fg_repl_stack(struct fg_repl *rp, const char *key, size_t len,
    const fg_count *c);
/* The run lines matched to the stacks (else dropped, warning name). */
void fg_repl_end(struct fg_repl *rp, const char *name);
/* Whether the stream has replicate runs (>= 2 on a side, all matched). */
int fg_repl_on(const struct fg_repl *rp);
/*
 * Whether any of the inputs may carry run lines: standard input, a pipe,
 * a compressed file, or a file whose header says runs=. A tool that sums
 * on two threads keeps to one (fg_sum's onmeta) only then.
 */
int fg_repl_maybe(char *const *files, int n);
/* The stacks handed in; the run line of the i-th, written. */
size_t fg_repl_nstacks(const struct fg_repl *rp);
void fg_repl_out(const struct fg_repl *rp, size_t i);
/* Runs a side (1:1 for NULL). */
void fg_repl_runs(const struct fg_repl *rp, int *nrun);
/* By fg_noise_setup: the model in force when nz->rp has runs. */
void fg_repl_setup(struct fg_noise *nz);
/* The test's z and the detectable change under the between-run model. */
double fg_repl_z(const struct fg_noise *nz, double a, double b);
double fg_repl_mdc(const struct fg_noise *nz, double a, double b, double z);
/*
 * What a picture's script needs for the detectable change of a frame
 * under the model: the statistic's level for a normal zmdc, samples per
 * count each side (1 for counts not sampled) and the profile's dispersion
 * (phi_g): exact for every frame whose own runs vary no more.
 */
void fg_repl_hover(const struct fg_noise *nz, double zmdc, double *z,
    double *s0, double *s1, double *phi);

/*
 * change: which functions of a differential profile changed, beyond
 * noise, and how much (stats.c). fg-top prints it; fg-svg draws its table
 * and headline from it. Statistics come from the noise test (stats.h).
 *
 * Use:
 *	struct fg_noise nz;		fg_noise_init, options, then
 *	fg_noise_setup(&nz, header, name, total_before, total_after, det);
 *	struct fg_changes cs;
 *	fg_changes_init(&cs);
 *	fg_changes_add(&cs, name, len, before, after);	once per function
 *	fg_changes_classify(&cs, &nz, dispersion);
 *	... cs.v[cs.reg[i]] for i < cs.nreg: significant regressions (grew or
 *	new), largest change first; cs.imp/cs.nimp improvements (shrank or
 *	removed), largest decrease first; cs.noise/cs.nnoise changes within
 *	noise, largest first; cs.v[] itself is in the order added.
 *	fg_changes_free(&cs);
 */
enum fg_chg_kind {
	FG_CHG_GREW, FG_CHG_NEW, FG_CHG_SHRANK, FG_CHG_GONE, FG_CHG_SAME
};

struct fg_chg {
	const char *name;	/* not copied, not NUL-terminated */
	size_t len;
	double c[2];		/* before, after: count units as given */
	double share[2];	/* before, after, as fractions of each
				 * side's own total, in every mode */
	double delta;		/* fg_noise_delta: the change in the mode
				 * (absolute: of the baseline's total);
				 * x100 for points */
	double rel;		/* the relative change in the mode: of the
				 * count (drift out) in absolute mode, of the
				 * share in proportional (0 when new) */
	double z;		/* positive: grew */
	int sig;		/* beyond noise (the verdict of the test) */
	double mdc;		/* smallest change the data could have found
				 * (fg_noise_mdc at Holm's first level, power
				 * FG_POWER), as a fraction; NaN untested */
	int kind;		/* enum fg_chg_kind */
	int incl;		/* a frame's inclusive change (fg-svg's
				 * table: the deepest failing frames), not
				 * a function's */
};

struct fg_changes {
	struct fg_chg *v;
	size_t n, cap;
	/* set by fg_changes_classify: indices into v, ranked */
	size_t *reg, nreg;	/* significant growth and new code */
	size_t *imp, nimp;	/* significant decreases and removed code */
	size_t *noise, nnoise;	/* changed (delta != 0), within noise */
	int mode;		/* FG_MODE_ABSOLUTE or FG_MODE_PROPORTIONAL */
	double tot[2];		/* totals before and after (nz->tot) */
	double phi;		/* fg_dispersion of the table, when asked */
	double drift;		/* the drift taken out (1: none) */
	double driftm;		/* the drift measured (fg_drift), 1 if not */
	size_t driftn;		/* functions it was measured on; 0: not */
	char test[128];		/* "Holm, alpha 0.001 over 38" */
	size_t mdcmax;		/* the function with the largest mdc, or n */
};

void fg_changes_init(struct fg_changes *cs);
void fg_changes_add(struct fg_changes *cs, const char *name, size_t len,
    double before, double after);
/*
 * Shares, deltas, z and verdicts in nz's mode (fg_noise_setup ran), the
 * kinds and the ranked lists. The drift between the runs is measured over
 * the functions (fg_drift), and with --drift auto set in nz and taken out.
 * dispersion: also measure fg_dispersion over the table (meaningful when
 * the functions partition each side: self).
 */
/* c's share[], delta and rel from its counts c[] (fg_noise_setup ran). */
void fg_chg_shares(const struct fg_noise *nz, struct fg_chg *c);
void fg_changes_classify(struct fg_changes *cs, struct fg_noise *nz,
    int dispersion);
/*
 * The practical threshold, the one rule every tool applies (fg-top's
 * --fail-above, fg-color's and fg-svg's --min-change): a change d (a
 * fraction, x100 for points) is over pct points when |d|, rounded to
 * 1e-9 points, is above pct. A change the test calls real colours, is
 * counted and fails a gate only when it is also over the threshold.
 */
int fg_over(double d, double pct);
/* Relative change of the total, after / before - 1 (0 if before is 0). */
double fg_changes_totchange(const struct fg_changes *cs);
void fg_changes_free(struct fg_changes *cs);

/*
 * cost: --cost VCPUS:PRICE (read by noiseset.c): a share of the samples as
 * money per year, share x VCPUS x PRICE per vCPU-hour x 8760 (fg-top,
 * fg-svg).
 */
struct fg_cost {
	double vcpus, price;
	int on;			/* the option was given */
};
#define FG_COST_HELP_TEXT \
    "add the yearly cost of each share:\n" \
    "                         share x VCPUS x PRICE per vCPU-hour x 8760\n"
/* Parses VCPUS:PRICE (both above 0; fatal otherwise) and sets on. */
void fg_cost_parse(struct fg_cost *c, const char *arg);
/*
 * A share s of the samples of VCPUS busy vCPUs at PRICE per vCPU-hour
 * costs s x VCPUS x PRICE x 8760 a year.
 */
static inline double
fg_cost_year(const struct fg_cost *c, double share)
{
	return share * c->vcpus * c->price * 8760;
}

#endif
