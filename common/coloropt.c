/* SPDX-License-Identifier: ISC */
/*
 * coloropt.c: the colour settings shared by fg-color and fg-svg, read from
 * their options (color.h's FG_COLOR_OPTS) with an error naming the option;
 * color.c computes the colours with them.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "fg.h"
#include "stats.h"
#include "color.h"

void
fg_colorcfg_init(struct fg_colorcfg *cfg)
{
	memset(cfg, 0, sizeof(*cfg));
	fg_noise_init(&cfg->nz);
	cfg->pal = FG_PAL_HOT;
	fg_colorcfg_alpha(cfg, cfg->nz.alpha);
	cfg->minchg = FG_MINCHG_DEFAULT;
}

/*
 * A level so high that its one-test |z| shows as 0.00 (alpha above about
 * 0.996) tests nothing: every change is coloured, as with --zcrit 0.
 */
static void
nulltest(struct fg_colorcfg *cfg)
{
	if (fg_noise_zshown(&cfg->nz) == 0)
		cfg->nz.rule = FG_RULE_NONE;
}

void
fg_colorcfg_alpha(struct fg_colorcfg *cfg, double alpha)
{
	fg_noise_alpha(&cfg->nz, alpha);
	nulltest(cfg);
}

int
fg_colorcfg_opt(struct fg_colorcfg *cfg, int c, const char *arg)
{
	char *end;

	if (fg_noise_opt(&cfg->nz, c, arg)) {
		if (c == FG_OPT_ALPHA)	/* set; it may test nothing */
			nulltest(cfg);
		return 1;
	}
	switch (c) {
	case FG_OPT_COLORS:
		if ((cfg->pal = fg_pal_parse(arg)) < 0)
			fg_errx(FG_EXIT_ERR, "unknown palette: %s", arg);
		return 1;
	case FG_OPT_HASH:
		cfg->hash = 1;
		return 1;
	case FG_OPT_DIFFUSION:
		cfg->diffusion = 1;
		return 1;
	case FG_OPT_BASE:
		fg_bases_add(&cfg->bases, arg);
		return 1;
	case FG_OPT_CP:
		if (cfg->pmfile == NULL)
			cfg->pmfile = "palette.map";
		return 1;
	case FG_OPT_PALFILE:
		cfg->pmfile = arg;
		return 1;
	case FG_OPT_NEGATE:
		cfg->negate = 1;
		return 1;
	case FG_OPT_SELF:
		cfg->selfdelta = 1;
		return 1;
	case FG_OPT_TOTALDELTA:
		cfg->selfdelta = 0;
		return 1;
	case FG_OPT_CB:
		cfg->cb = 1;
		return 1;
	case FG_OPT_ALL:
		fg_noise_zcrit(&cfg->nz, 0);
		cfg->minchg = 0;
		return 1;
	case FG_OPT_MINCHG:
		errno = 0;
		cfg->minchg = strtod(arg, &end);
		if (errno != 0 || end == arg || *end != '\0' ||
		    !(cfg->minchg >= 0) || !(cfg->minchg <= 100))
			fg_errx(FG_EXIT_ERR, "--min-change: not a number from "
			    "0 to 100: %s", arg);
		return 1;
	}
	return 0;
}

void
fg_colorcfg_free(struct fg_colorcfg *cfg)
{
	fg_pmap_free(cfg);
	fg_color_dstat_free(cfg);
	fg_bases_free(&cfg->bases);
}
