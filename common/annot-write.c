/* SPDX-License-Identifier: ISC */
/*
 * annot-write.c: writes the colour annotation lines and fg-color's header
 * line (annot.h); annot-read.c reads them back.
 */
#include <stdio.h>

#include "fg.h"
#include "annot.h"

void
fg_annot_write_header(const struct fg_colorcfg *cfg, int ncols)
{
	char zbuf[32], mbuf[32], dbuf[32];
	int mode = cfg->nz.mode == FG_MODE_STREAM ? FG_MODE_ABSOLUTE :
	    cfg->nz.mode;
	/* the noise test: Holm at alpha, or a fixed |z| (0: none) */
	int holm = cfg->nz.rule == FG_RULE_HOLM;

	snprintf(zbuf, sizeof(zbuf), "%g", holm ? cfg->nz.alpha :
	    fg_noise_zshown(&cfg->nz));
	snprintf(mbuf, sizeof(mbuf), "%g", cfg->minchg);
	snprintf(dbuf, sizeof(dbuf), "%.4g", cfg->nz.drift);
	if (ncols == 2)
		fg_out_header("fg-color", "kind", "diff", "mode",
		    fg_mode_name(mode), "drift", mode == FG_MODE_ABSOLUTE &&
		    cfg->nz.drift != 1 ? dbuf : NULL, "delta",
		    cfg->selfdelta ? "self" : "total", holm ? "alpha" :
		    "zcrit", zbuf,
		    "min-change", mbuf, "negate", cfg->negate ? "1" : NULL,
		    "colorblind", cfg->cb ? "1" : NULL, "diffusion",
		    cfg->diffusion ? "1" : NULL, (const char *)NULL);
	else
		fg_out_header("fg-color", "kind", "profile", "palette",
		    cfg->pal >= 0 && cfg->pal < FG_PAL_N ? fg_pal_names[cfg->pal] :
		    "?", "hash", cfg->hash ? "1" : NULL,
		    "diffusion", cfg->diffusion ? "1" : NULL, (const char *)NULL);
}

void
fg_annot_write(enum fg_annot_kind kind, const char *s, size_t len,
    uint32_t c)
{
	static const char *const kw[] = FG_ANNOT_KW;
	char buf[8];

	fg_out_str(kw[kind]);
	if (kind != FG_ANNOT_DEFAULT) {
		fg_out_char(' ');
		fg_out_write(s, len);
	}
	fg_color_fmt(buf, c);
	fg_out_char(' ');
	fg_out_write(buf, 7);
	fg_out_char('\n');
}
