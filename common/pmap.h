/* SPDX-License-Identifier: ISC */
/*
 * pmap.h: palette map files (flamegraph.pl's --cp, palette.map), inside
 * the colour module: a name->rgb(r,g,b) line per function, read by the
 * tool before it colours (pmap-read.c, fg_pmap_load) so a function keeps
 * its colour across graphs, looked up and added to in memory (pmap.c,
 * no file I/O), written back (pmap-write.c). Tools use color.h's
 * fg_pmap_load, fg_color_name, fg_pmap_save and fg_pmap_free.
 */
#ifndef FG_PMAP_H
#define FG_PMAP_H

#include "color.h"

struct fg_pmap {
	struct fg_stab *tab;	/* name -> colour (aux) */
};

#endif
