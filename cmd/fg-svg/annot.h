/* SPDX-License-Identifier: ISC */
/*
 * annot.h: the colour annotation lines and fg-color's header line as
 * fg-svg reads them (annot.c); fg-color writes them
 * (cmd/fg-color/annotfmt.c).
 */
#ifndef SVG_ANNOT_H
#define SVG_ANNOT_H

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
 *   # color-kept A;B;C        that frame and its callers still run
 * makes them grey in its stream drawn alone.
 */
struct fg_annot {
	struct fg_stab *names;	/* name -> aux = colour */
	struct fg_stab *paths;	/* path -> aux = colour */
	struct fg_stab *kept;	/* fg-elide: paths that still run */
	uint32_t def;		/* colour-default or FG_NOCOLOR */
	int any;
};
void fg_annot_init(struct fg_annot *a);
void fg_annot_free(struct fg_annot *a);
/* Takes a metadata line; returns 1 if it was a colour line. */
int fg_annot_line(struct fg_annot *a, const char *line, size_t len);
/*
 * fg-color's header (cmd/fg-color/annotfmt.c writes it), read back into
 * cfg (initialised with fg_colorcfg_init first) from a line of len bytes;
 * returns 1 when it was one.
 */
int fg_colorcfg_read_header(struct fg_colorcfg *cfg, const char *line,
    size_t len);

#endif
