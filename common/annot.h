/* SPDX-License-Identifier: ISC */
/*
 * annot.h: the colour annotation lines and fg-color's header line
 * (fg-folded(5)), defined here once: annot-write.c writes them (fg-color),
 * annot-read.c reads them back (fg-svg).
 */
#ifndef FG_ANNOT_H
#define FG_ANNOT_H

#include <stddef.h>
#include <stdint.h>

#include "color.h"

/*
 * Colour annotation lines (fg-folded(5), fg-color(1)):
 *   # color-default #rrggbb   frames no other line names
 *   # color-name NAME #rrggbb every frame called NAME
 *   # color-path A;B;C #rrggbb the frame at that path
 * A path line beats a name line, which beats the default line; among
 * lines of one kind the last wins. fg-elide's
 *   # color-kept A;B;C #rrggbb that frame and its callers still run
 * makes fg-svg draw them grey in an elided stream (the colour keeps the
 * line from ending in a number). FG_ANNOT_KW gives each kind's words
 * by enum fg_annot_kind, the space after them not included.
 */
enum fg_annot_kind {
	FG_ANNOT_DEFAULT, FG_ANNOT_NAME, FG_ANNOT_PATH, FG_ANNOT_KEPT
};
#define FG_ANNOT_KW \
	{ "# color-default", "# color-name", "# color-path", "# color-kept" }

/* ---- annot-read.c ---- */
struct fg_annot {
	struct fg_stab *names;	/* name -> aux = colour */
	struct fg_stab *paths;	/* path -> aux = colour */
	struct fg_stab *kept;	/* path -> aux = colour, callers too */
	uint32_t def;		/* colour-default or FG_NOCOLOR */
	int any;
};
void fg_annot_init(struct fg_annot *a);
void fg_annot_free(struct fg_annot *a);
/* Takes a metadata line; returns 1 if it was a colour line. */
int fg_annot_line(struct fg_annot *a, const char *line, size_t len);
/*
 * fg-color's header (fg_annot_write_header), read back into cfg
 * (initialised with fg_colorcfg_init first) from a line of len bytes;
 * returns 1 when it was one.
 */
int fg_colorcfg_read_header(struct fg_colorcfg *cfg, const char *line,
    size_t len);

/* ---- annot-write.c ---- */
/*
 * One annotation line of a kind: its words, then for a name or a path
 * s[0..len) (nothing for the default), then the colour c.
 */
void fg_annot_write(enum fg_annot_kind kind, const char *s, size_t len,
    uint32_t c);
/*
 * fg-color's header, written from cfg for a profile (ncols 1) or a diff
 * (ncols 2, with the mode in force); fg_colorcfg_read_header reads it.
 */
void fg_annot_write_header(const struct fg_colorcfg *cfg, int ncols);

#endif
