/* SPDX-License-Identifier: ISC */
/*
 * flame.h: what fg-color and fg-svg share.
 *
 * flame.c   the frame tree: stacks merged into nodes (self and total counts
 *           for one or two columns), built without recursion; children
 *           sorted by name, or kept in input order for flame charts
 * color.c   flamegraph.pl's palettes and name hashing, palette map files,
 *           differential colouring, and the colour annotation lines
 * xml.c     XML text escaping with UTF-8 repair
 */
#ifndef FG_FLAME_H
#define FG_FLAME_H

#include <stddef.h>
#include <stdint.h>

#define FG_NONE UINT32_MAX
#define FG_NOCOLOR UINT32_MAX

/* ---- flame.c ---- */
struct fg_node {
	const char *name;	/* not NUL-terminated; root: "" */
	uint32_t nlen;
	uint32_t parent;	/* FG_NONE for the root */
	uint32_t child;		/* first child */
	uint32_t next;		/* next sibling */
	uint32_t last;		/* last child (while building) */
	uint32_t depth;		/* root 0 */
	uint32_t color;		/* 0xRRGGBB or FG_NOCOLOR */
	uint64_t hash;
	double tot[2];		/* inclusive counts (after fg_tree_finish) */
	double self[2];		/* counts of stacks ending here */
	double el;		/* diff: elided total (see fg_tree_finish) */
};

struct fg_tree {
	struct fg_node *n;	/* n[0] is the root */
	size_t nn, cap;
	int ncols;		/* 1: profile, 2: diff (before, after) */
	int chart;		/* flame chart: merge only consecutive stacks */
	uint32_t *slots;	/* hash of (parent, name) -> node */
	size_t mask;
	uint32_t *path;		/* node per depth of the last stack added */
	size_t *pathend;	/* where each of its frames ends */
	size_t pathlen, pathcap;
	char *prev;		/* the last stack added */
	size_t prevlen, prevcap;
	char **arena;
	size_t *arenasz;
	size_t narena;
	char *apos;
	size_t aleft;
	uint32_t maxdepth;
};

void fg_tree_init(struct fg_tree *t, int ncols, int chart);
void fg_tree_free(struct fg_tree *t);
/*
 * Adds one stack ("a;b;c", root first) with its counts (ncols of them).
 * Trailing empty frames are dropped, as flamegraph.pl's split drops them.
 */
void fg_tree_add(struct fg_tree *t, const char *stack, size_t len,
    const double *c);
/*
 * Sorts children by name (unless a flame chart) and computes, for diffs,
 * each node's elided total: the baseline samples of stacks at or under it
 * whose node has no current samples at all (fg-elide(1)'s definition).
 */
void fg_tree_finish(struct fg_tree *t);
/* Node at path (frames separated by ';', root frame first), or FG_NONE. */
uint32_t fg_tree_find(const struct fg_tree *t, const char *path, size_t len);
/*
 * Pre-order walk without recursion: the node after n, descending into n's
 * children only when descend is set. FG_NONE at the end.
 */
uint32_t fg_tree_next(const struct fg_tree *t, uint32_t n, int descend);

/* ---- color.c ---- */
enum fg_pal {
	FG_PAL_HOT, FG_PAL_MEM, FG_PAL_IO, FG_PAL_WAKEUP, FG_PAL_CHAIN,
	FG_PAL_JAVA, FG_PAL_JS, FG_PAL_PERL, FG_PAL_PYTHON, FG_PAL_RUST,
	FG_PAL_RED, FG_PAL_GREEN, FG_PAL_BLUE, FG_PAL_AQUA, FG_PAL_YELLOW,
	FG_PAL_PURPLE, FG_PAL_ORANGE, FG_PAL_N
};

struct fg_pmap;

/*
 * Default least change coloured, in points of the total: two runs of the
 * same code on one machine moved single functions by up to 4.6 points
 * (3.1 on an idle machine) in the project's recordings, beyond sampling
 * noise; see fg-color(1), NOISE.
 */
#define FG_MINCHG_DEFAULT 5.0

struct fg_colorcfg {
	int pal;		/* enum fg_pal */
	int hash;		/* --hash: flamegraph.pl's name hash */
	int negate;		/* diff: the baseline's point of view */
	int selfdelta;		/* diff: colour by self instead of total */
	int cb;			/* diff: colour-blind-safe colours */
	double zcrit;		/* diff: |z| needed to colour; 0 colours all */
	double minchg;		/* diff: least change to colour, in points */
	const char *pmfile;	/* palette map file (--cp), or NULL */
	double dmax;		/* diff: largest change (fg_color_prepare) */
	struct fg_pmap *pmap;
	/* diff, set by fg_color_prepare: the noise test's results */
	unsigned char *sig;	/* per node: a change beyond noise */
	double period[2];	/* count units per sample, each side */
};

/* Diff colours: neutral (unchanged) and new. */
uint32_t fg_color_neutral(const struct fg_colorcfg *cfg);
uint32_t fg_color_new(const struct fg_colorcfg *cfg);
/* Most intense grew (sign > 0) or shrank (sign < 0) colour. */
uint32_t fg_color_scale(const struct fg_colorcfg *cfg, double t, int sign);

void fg_colorcfg_init(struct fg_colorcfg *cfg);
/*
 * Handles the colour options shared by fg-color and fg-svg: returns 1 when
 * c was one of them. FG_COLOR_OPTS lists them for an fg_opt table.
 */
enum {
	FG_OPT_COLORS = 'c', FG_OPT_HASH = 1000, FG_OPT_CP, FG_OPT_PALFILE,
	FG_OPT_NEGATE, FG_OPT_SELF, FG_OPT_TOTALDELTA, FG_OPT_CB,
	FG_OPT_ZCRIT, FG_OPT_ALL, FG_OPT_MINCHG
};
#define FG_COLOR_OPTS \
	{ "colors", FG_OPT_COLORS, FG_OPT_ARG }, \
	{ "hash", FG_OPT_HASH, FG_OPT_NOARG }, \
	{ "cp", FG_OPT_CP, FG_OPT_NOARG }, \
	{ "palfile", FG_OPT_PALFILE, FG_OPT_ARG }, \
	{ "negate", FG_OPT_NEGATE, FG_OPT_NOARG }, \
	{ "self-delta", FG_OPT_SELF, FG_OPT_NOARG }, \
	{ "total-delta", FG_OPT_TOTALDELTA, FG_OPT_NOARG }, \
	{ "colorblind", FG_OPT_CB, FG_OPT_NOARG }, \
	{ "zcrit", FG_OPT_ZCRIT, FG_OPT_ARG }, \
	{ "all-changes", FG_OPT_ALL, FG_OPT_NOARG }, \
	{ "min-change", FG_OPT_MINCHG, FG_OPT_ARG }
#define FG_COLOR_HELP \
    "  -c, --colors PALETTE   palette for profiles: hot (default), mem, io,\n" \
    "                         wakeup, chain, java, js, perl, python, rust,\n" \
    "                         red, green, blue, aqua, yellow, purple, orange\n" \
    "      --hash             colour by flamegraph.pl's name hash\n" \
    "      --cp               keep colours stable in palette.map\n" \
    "      --palfile FILE     palette map file for --cp (implies --cp)\n" \
    "      --negate           diff: the baseline's point of view\n" \
    "      --self-delta       diff: colour by self change (flamegraph.pl)\n" \
    "      --total-delta      diff: colour by inclusive change (default)\n" \
    "      --colorblind       diff: orange/blue colour-blind-safe colours\n" \
    "      --zcrit Z          diff: colour changes with |z| > Z (3.29)\n" \
    "      --min-change PCT   diff: colour changes of at least PCT points\n" \
    "                         of the total (5)\n" \
    "      --all-changes      diff: colour every change (--zcrit 0\n" \
    "                         --min-change 0)\n"
int fg_colorcfg_opt(struct fg_colorcfg *cfg, int c, const char *arg);
int fg_pal_parse(const char *s);
const char *fg_pal_name(int pal);
/* The profile colour of a frame name under cfg (palette map included). */
uint32_t fg_color_name(struct fg_colorcfg *cfg, const char *name,
    size_t len);
/* Colours every node of a finished tree (diff or profile). */
void fg_color_tree(struct fg_colorcfg *cfg, struct fg_tree *t);
/*
 * Or node by node: fg_color_prepare once (it runs the noise test of a
 * diff), then fg_color_node with the same settings.
 */
void fg_color_prepare(struct fg_colorcfg *cfg, const struct fg_tree *t);
uint32_t fg_color_node(struct fg_colorcfg *cfg, const struct fg_tree *t,
    const struct fg_node *n);
/* Writes the palette map back (--cp), sorted; warns on failure. */
void fg_pmap_save(struct fg_colorcfg *cfg);
void fg_colorcfg_free(struct fg_colorcfg *cfg);
/* Parses "#rrggbb" or "rgb(r,g,b)"; FG_NOCOLOR if neither. */
uint32_t fg_color_parse(const char *s, size_t n);
/* Writes "#rrggbb" into buf (8 bytes). */
void fg_color_fmt(char *buf, uint32_t rgb);

/*
 * Colour annotation lines (fg-folded(5), fg-color(1)):
 *   # color-default #rrggbb   frames no other line names
 *   # color-name NAME #rrggbb every frame called NAME
 *   # color-path A;B;C #rrggbb the frame at that path
 * A path line beats a name line, which beats the default line; among
 * lines of one kind the last wins.
 */
struct fg_annot {
	struct fg_stab *names;	/* name -> aux = colour */
	struct fg_stab *paths;	/* path -> aux = colour */
	uint32_t def;		/* colour-default or FG_NOCOLOR */
	int any;
};
void fg_annot_init(struct fg_annot *a);
void fg_annot_free(struct fg_annot *a);
/* Takes a metadata line; returns 1 if it was a colour line. */
int fg_annot_line(struct fg_annot *a, const char *line, size_t len);
/* Applies annotations to a coloured tree (root keeps its colour). */
void fg_annot_apply(const struct fg_annot *a, struct fg_tree *t);

/* ---- xml.c ---- */
/*
 * Writes s[0..n) as XML character data, safe in attributes too: & < > "
 * ' escaped, invalid UTF-8 and characters XML forbids as U+FFFD. At most
 * maxch characters (SIZE_MAX for all) are written; returns their number.
 */
size_t fg_xml_text(const char *s, size_t n, size_t maxch);
/* Number of characters of s[0..n) as fg_xml_text counts them. */
size_t fg_utf8_len(const char *s, size_t n);
/*
 * Length in bytes of the next character at s (n > 0 bytes left); *cp gets
 * its code point, or 0xFFFD if invalid or not allowed in XML.
 */
size_t fg_utf8_next(const unsigned char *s, size_t n, uint32_t *cp);

#endif
