/* SPDX-License-Identifier: ISC */
/*
 * noiseset.c: the noise test's settings (stats.h): the comparison mode
 * and the samples behind the counts, from the options (--mode, --period,
 * --samples, --drift; the rule: --alpha, --zcrit), the stream's header
 * (mode=, period=, samples=, base-total=) or the period detected in the
 * counts. stats.c runs the test with them.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fg.h"
#include "stats.h"

static const char *const modenames[] = { "stream", "absolute",
    "proportional" };
static const char *const originnames[] = { "sampled", "exact", "unknown" };

int
fg_origin_parse(const char *s)
{
	int i;

	for (i = 0; i <= FG_ORIGIN_UNKNOWN; i++)
		if (strcmp(s, originnames[i]) == 0)
			return i;
	return -1;
}

const char *
fg_origin_name(int origin)
{
	return origin >= 0 && origin <= FG_ORIGIN_UNKNOWN ?
	    originnames[origin] : "?";
}

int
fg_mode_parse(const char *s)
{
	if (strcmp(s, "absolute") == 0)
		return FG_MODE_ABSOLUTE;
	if (strcmp(s, "proportional") == 0)
		return FG_MODE_PROPORTIONAL;
	return -1;
}

const char *
fg_mode_name(int mode)
{
	return mode >= 0 && mode <= FG_MODE_PROPORTIONAL ? modenames[mode] :
	    "?";
}

/*
 * The mode a stream's header line (NULL: none) says: its mode=, else
 * proportional when normalized=yes (fg-diff -n), else absolute (fg-diff's
 * counts are as recorded, as difffolded.pl's without -n are); warns about
 * a mode= it does not know when warn is set.
 */
static int
modeof(const char *header, int warn)
{
	char *v;
	int m = FG_MODE_ABSOLUTE, p;

	if (header == NULL)
		return m;
	if ((v = fg_header_get(header, "mode")) != NULL) {
		if ((p = fg_mode_parse(v)) >= 0)
			m = p;
		else if (warn)
			fg_warnx("header mode=%s: not absolute or "
			    "proportional; taking absolute", v);
		free(v);
		return m;
	}
	if ((v = fg_header_get(header, "normalized")) != NULL) {
		if (strcmp(v, "yes") == 0)
			m = FG_MODE_PROPORTIONAL;
		free(v);
	}
	return m;
}

void
fg_noise_init(struct fg_noise *nz)
{
	memset(nz, 0, sizeof(*nz));
	nz->alpha = FG_ALPHA_DEFAULT;
	nz->phi = 1;
	nz->drift = 1;
}

static double
posnum(const char *s, const char *what)
{
	double v = (double)fg_parse_factor(s, what);

	if (!(v > 0) || isinf(v))
		fg_errx(FG_EXIT_ERR, "%s: must be above 0: %s", what, s);
	return v;
}

void
fg_parse_pair(const char *s, const char *what, double *a, double *b,
    int same)
{
	const char *colon = strchr(s, ':');
	char *first;

	if (colon == NULL) {
		if (!same)
			fg_errx(FG_EXIT_ERR, "%s: expected A:B: %s", what, s);
		*a = *b = posnum(s, what);
		return;
	}
	first = fg_strdup(s);
	first[colon - s] = '\0';
	*a = posnum(first, what);
	*b = posnum(colon + 1, what);
	free(first);
}

int
fg_noise_opt(struct fg_noise *nz, int c, const char *arg)
{
	double v;

	switch (c) {
	case FG_OPT_MODE:
		if ((nz->mode = fg_mode_parse(arg)) < 0)
			fg_errx(FG_EXIT_ERR, "--mode: absolute or "
			    "proportional, not %s", arg);
		return 1;
	case FG_OPT_PERIOD:
		nz->period = posnum(arg, "--period");
		nz->samples[0] = nz->samples[1] = 0;
		return 1;
	case FG_OPT_SAMPLES:
		fg_parse_pair(arg, "--samples", &nz->samples[0],
		    &nz->samples[1], 1);
		nz->period = 0;
		return 1;
	case FG_OPT_DRIFT:
		nz->driftauto = strcmp(arg, "auto") == 0;
		nz->drift = nz->driftauto ? 1 : posnum(arg, "--drift");
		return 1;
	case FG_OPT_ALPHA:
		v = posnum(arg, "--alpha");
		if (!(v < 1))
			fg_errx(FG_EXIT_ERR, "--alpha: must be below 1: %s",
			    arg);
		fg_noise_alpha(nz, v);
		return 1;
	case FG_OPT_ZCRIT:
		v = (double)fg_parse_factor(arg, "--zcrit");
		if (isinf(v))
			fg_errx(FG_EXIT_ERR, "--zcrit: too large: %s", arg);
		fg_noise_zcrit(nz, v);
		return 1;
	}
	return 0;
}

void
fg_noise_alpha(struct fg_noise *nz, double alpha)
{
	nz->rule = FG_RULE_HOLM;
	nz->alpha = alpha;
}

void
fg_noise_zcrit(struct fg_noise *nz, double z)
{
	nz->rule = z > 0 ? FG_RULE_FIXED : FG_RULE_NONE;
	nz->zcrit = z;
}

double
fg_noise_zshown(const struct fg_noise *nz)
{
	switch (nz->rule) {
	case FG_RULE_HOLM:
		return round(fg_zof(nz->alpha) * 100) / 100;
	case FG_RULE_FIXED:
		return nz->zcrit;
	}
	return 0;
}

/* period= or samples= from the header, when no option gave either. */
static const char *
header_samples(const char *header, double *per, double smp[2])
{
	char *v;

	if (*per > 0 || smp[0] > 0)
		return "option";
	if (header == NULL)
		return "";
	/* effective samples of varying weights (perf's frequency mode,
	 * heap profiles, time-weighted samples): what the test needs */
	if ((v = fg_header_get(header, "ess")) != NULL) {
		fg_parse_pair(v, "header ess=", &smp[0], &smp[1], 1);
		free(v);
		return "header ess";
	}
	if ((v = fg_header_get(header, "period")) != NULL) {
		*per = posnum(v, "header period=");
		free(v);
		return "header";
	}
	if ((v = fg_header_get(header, "samples")) != NULL) {
		fg_parse_pair(v, "header samples=", &smp[0], &smp[1], 1);
		free(v);
		return "header";
	}
	return "";
}

static int
scaledbase(const char *header, const struct fg_period *det)
{
	char *v;
	int yes;

	/* difffolded.pl -n, inferno-diff-folded -n: fractional before
	 * counts beside whole after counts, and no header */
	if (header == NULL)
		return det != NULL && det->frac[0] && !det->frac[1] &&
		    det->n[1] > 0;
	if ((v = fg_header_get(header, "normalized")) == NULL)
		return 0;
	yes = strcmp(v, "yes") == 0;
	free(v);
	return yes;
}

/*
 * fg-diff -n scaled the base to the current's total: the period is the
 * after side's, and the base's samples come from its total before
 * scaling (base-total=), else are taken to be the current's (a warning).
 */
static const char *
scaled_samples(struct fg_noise *nz, const char *header, const char *name,
    const struct fg_period *det, double *per, double smp[2])
{
	char *v;

	if (*per == 0 && det != NULL && fg_period_side(det, 1) > 1)
		*per = fg_period_side(det, 1);
	if (header != NULL && (v = fg_header_get(header, "base-total")) !=
	    NULL) {
		smp[0] = posnum(v, "header base-total=") / (*per > 0 ? *per :
		    1);
		smp[1] = nz->tot[1] / (*per > 0 ? *per : 1);
		free(v);
		return "base-total in the header";
	}
	if (!nz->quiet)
		fg_warnx("%s: base counts were scaled (%s); the noise "
		    "test assumes both sides had the current's samples: give "
		    "--samples, or diff without -n", name, header == NULL ?
		    "difffolded.pl -n?" : "fg-diff -n");
	return *per > 0 ? "detected" : "";
}

/*
 * The sides of the view: --negate makes the current profile the "before".
 * Everything per side (totals, samples, the period) was settled in the
 * stream's order; the view swaps them all at once, so that no input is
 * left in the stream's order while another is swapped.
 */
static void
viewsides(struct fg_noise *nz, double smp[2])
{
	double t;

	if (!nz->negate)
		return;
	t = nz->tot[0], nz->tot[0] = nz->tot[1], nz->tot[1] = t;
	t = nz->scale[0], nz->scale[0] = nz->scale[1], nz->scale[1] = t;
	t = smp[0], smp[0] = smp[1], smp[1] = t;
}

/*
 * Where the samples behind the counts come from: the options, the
 * header, fg-diff -n's scaled base, or the period detected in the
 * counts; sets *per or smp, returns the source's name ("" for none).
 */
static const char *
samplesof(struct fg_noise *nz, const char *header, const char *name,
    const struct fg_period *det, double *per, double smp[2])
{
	const char *src;

	src = header_samples(header, per, smp);
	if (scaledbase(header, det) && smp[0] == 0 && (*src == '\0' ||
	    strcmp(src, "header") == 0))
		src = scaled_samples(nz, header, name, det, per, smp);
	else if (*per == 0 && smp[0] == 0 && det != NULL &&
	    fg_period_get(det) > 1) {
		src = "detected";
		*per = fg_period_get(det);
	}
	return src;
}

/* How the test knows the samples: "464:414 samples (header)". */
static void
describe(struct fg_noise *nz, double per, const double smp[2],
    const char *src)
{
	if (smp[0] > 0)
		snprintf(nz->how, sizeof(nz->how), "%.0f:%.0f samples (%s)",
		    smp[0], smp[1], src);
	else if (per > 0)
		snprintf(nz->how, sizeof(nz->how), "%.0f:%.0f samples "
		    "(period %.9g, %s)", nz->tot[0] / per, nz->tot[1] / per,
		    per, src);
	else
		snprintf(nz->how, sizeof(nz->how), "counts are samples");
}

/*
 * The origin of the counts, which picks the model: the header's origin=;
 * else sampled when the samples behind them are known (options, header,
 * a detected period) or when they are said to be samples; unknown when
 * the header names another unit without saying how many samples; and
 * counts that say nothing are samples (fg-top(1), STATISTICS).
 */
static int
originof(struct fg_noise *nz, const char *header, const char *name,
    double per, const double smp[2])
{
	char *v;
	int o;

	if (header != NULL && (v = fg_header_get(header, "origin")) != NULL) {
		o = fg_origin_parse(v);
		if (o < 0 && !nz->quiet)
			fg_warnx("%s: header origin=%s: not sampled, exact or "
			    "unknown; taking unknown", name, v);
		free(v);
		if (o == FG_ORIGIN_SAMPLED && per == 0 && smp[0] == 0)
			return FG_ORIGIN_UNKNOWN;	/* samples not said */
		return o < 0 ? FG_ORIGIN_UNKNOWN : o;
	}
	if (per > 0 || smp[0] > 0)
		return FG_ORIGIN_SAMPLED;
	if (header != NULL && (v = fg_header_get(header, "unit")) != NULL) {
		o = strcmp(v, "samples") == 0 ? FG_ORIGIN_SAMPLED :
		    FG_ORIGIN_UNKNOWN;
		free(v);
		return o;
	}
	return FG_ORIGIN_SAMPLED;
}

/*
 * The model in force, when it is not the sampling test (the unit is named
 * beside the totals, escaped, by the tools that print it).
 */
static void
describe_untested(struct fg_noise *nz)
{
	if (nz->origin == FG_ORIGIN_EXACT)
		snprintf(nz->how, sizeof(nz->how), "exact counts: no "
		    "sampling noise, every change is real; the threshold "
		    "decides");
	else
		snprintf(nz->how, sizeof(nz->how), "counts of unknown "
		    "origin (samples not known): not tested; the threshold "
		    "decides");
}

void
fg_noise_setup(struct fg_noise *nz, const char *header, const char *name,
    double tot0, double tot1, const struct fg_period *det)
{
	double per = nz->period, smp[2] = { nz->samples[0], nz->samples[1] };
	const char *src;

	if (nz->mode == FG_MODE_STREAM)
		nz->mode = modeof(header, !nz->quiet);
	nz->tot[0] = tot0;
	nz->tot[1] = tot1;
	src = samplesof(nz, header, name, det, &per, smp);
	if (smp[0] > 0) {
		nz->scale[0] = tot0 > 0 ? smp[0] / tot0 : 0;
		nz->scale[1] = tot1 > 0 ? smp[1] / tot1 : 0;
	} else
		nz->scale[0] = nz->scale[1] = per > 0 ? 1 / per : 1;
	viewsides(nz, smp);
	nz->origin = originof(nz, header, name, per, smp);
	if (nz->origin == FG_ORIGIN_SAMPLED)
		describe(nz, per, smp, src);
	else
		describe_untested(nz);
	fg_repl_setup(nz);
}

/*
 * cost: reads --cost VCPUS:PRICE, a share of a fleet's CPU time as
 * money per year (fg-top's cost column, fg-svg's hover and search); the
 * arithmetic is cost's fg_cost_year, fg-top's column is formatted by
 * cmd/fg-top/report.c.
 */
void
fg_cost_parse(struct fg_cost *c, const char *arg)
{
	fg_parse_pair(arg, "--cost", &c->vcpus, &c->price, 0);
	c->on = 1;
}
