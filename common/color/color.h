/* SPDX-License-Identifier: ISC */
/*
 * color.h: the colour library (fg-color, fg-svg, fg-elide). On the core,
 * fg.h, and the statistics, stats.h.
 *
 * verdict.c  the one verdict on a diff's frame (fg-top's gate, fg-color,
 *            fg-svg): real, over the threshold, or which rule greys it
 * color.c    colours by noise and change; the palette map file (pmap),
 *            read and written; the colour options (coloropt)
 * palette.c  the palettes, by frame name; colour values as text (colorval)
 * flame.c    what fg-color and fg-svg share: the frames a sorted stack
 *            shares with the one before it, folded inputs read in input
 *            order (inorder), and the colour annotation lines and
 *            fg-color's header, written and read back (annot)
 */
#ifndef FG_COLOR_H
#define FG_COLOR_H

#include <stddef.h>
#include <stdint.h>

#include "fg.h"
#include "stats.h"

/*
 * colorval: colour values (0xrrggbb) as text, read (palette.c) and
 * written (palette.c).
 */
#define FG_NOCOLOR UINT32_MAX
#define FG_RGB(r, g, b) (((uint32_t)(r) << 16) | ((uint32_t)(g) << 8) | \
    (uint32_t)(b))

/* Parses "#rrggbb" or "rgb(r,g,b)"; FG_NOCOLOR if neither. */
uint32_t fg_color_parse(const char *s, size_t n);
/* Writes "#rrggbb" into buf (8 bytes). */
void fg_color_fmt(char *buf, uint32_t rgb);

/*
 * color: frame colours, shared by fg-color and fg-svg so that fg-svg
 * alone colours exactly as fg-color's defaults do.
 *
 * palette.c   flamegraph.pl's palettes (pure functions of a name)
 * palette.c  colour values as text, read and written (colorval)
 * color.c      palette map colours (--cp, --palfile), looked up in memory;
 *             color.c reads the file (the tool calls fg_pmap_load),
 *             color.c writes it back: the only file I/O (pmap)
 * color.c  the colour options fg-color and fg-svg share
 * color.c     the colours of a tree or of frames: differential colours by
 *             the noise test (stats.h, the one fg-top uses), profiles by
 *             name through color.c
 *
 * annot     the colour annotation lines and fg-color's header
 *             (fg-folded(5)): flame.c writes them (fg-color),
 *             flame.c reads them back (fg-svg)
 */
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
	/*
	 * diff: the mode and the noise test, as in fg-top: nz.rule is
	 * Holm's procedure at nz.alpha over all frames (--alpha), a fixed
	 * |z| > nz.zcrit frame by frame (--zcrit), or none (--zcrit 0,
	 * --all-changes); fg_noise_zshown the |z| shown for it.
	 */
	struct fg_noise nz;
	const char *header;	/* diff: the stream's header (mode=, period=),
				 * set by the tool before fg_color_begin */
	int pal;		/* enum fg_pal */
	int hash;		/* --hash: flamegraph.pl's name hash */
	int diffusion;		/* --colordiffusion: by width, as inferno */
	int negate;		/* diff: the baseline's point of view */
	int selfdelta;		/* diff: colour by self instead of total */
	int cb;			/* diff: colour-blind-safe colours */
	int gone;		/* a profile of vanished paths (fg-elide's):
				 * the diff's "shrank" scale, by share */
	double minchg;		/* diff: least change to colour, in points */
	const char *pmfile;	/* palette map file (--cp), or NULL */
	struct fg_bases bases;	/* --base: the reader's (fg_fold's bases) */
	double dmax;		/* diff: largest change (fg_color_end) */
	struct fg_pmap *pmap;
	/* diff, set by fg_color_end: the noise test's results */
	double zthr;		/* the smallest |z| Holm rejected */
	size_t nsig;		/* how many it rejected */
	size_t nframes;		/* frames tested (fg_color_add's, the root
				 * apart) */
	double zmdc;		/* fg_noise_zmdc for one of them (verdict.c) */
	struct fg_dstat *ds;	/* between fg_color_begin and _end */
	struct fg_fnv *fnv;	/* diff: the functions' verdicts, or NULL
				 * (verdict.c's fg_verdict_functions) */
};
/*
 * The functions whose self change is real and over the threshold, as
 * fg-top's gate judges them (fg_verdict_functions), and where the picture
 * shows it: a frame of such a function whose own self change moves its
 * way beyond noise at the level of one test among the function's frames
 * (Bonferroni at --alpha over them: a second step of the test, taken
 * only for a function found real; --zcrit's |z| under that rule) is
 * coloured, though the test over every frame of the profile left it grey.
 */
struct fg_fnvent {
	int dir;		/* 1 grew (or new), -1 shrank (or gone) */
	double z;		/* the level its frames' self z must reach */
};
struct fg_fnv {
	struct fg_stab *tab;	/* name -> aux: index + 1 into v */
	struct fg_fnvent *v;
	size_t n;
};
void fg_fnv_free(struct fg_fnv *fv);

/*
 * The grey of the separator frames ("--", "-") in profiles and diffs
 * alike; FG_NOCOLOR for any other name.
 */
uint32_t fg_color_sep(const char *name, size_t len);
/* Diff colours: neutral (unchanged) and new. */
uint32_t fg_color_neutral(const struct fg_colorcfg *cfg);
uint32_t fg_color_new(const struct fg_colorcfg *cfg);
/* Most intense grew (sign > 0) or shrank (sign < 0) colour. */
uint32_t fg_color_scale(const struct fg_colorcfg *cfg, double t, int sign);
/*
 * A change of d (a share's change in the mode in force) too small to
 * colour: under --min-change's floor in points. Frames and fg-svg's
 * table of changes are grey by it alike.
 */
int fg_color_underfloor(const struct fg_colorcfg *cfg, double d);

/* color.c */
void fg_colorcfg_init(struct fg_colorcfg *cfg);
void fg_colorcfg_free(struct fg_colorcfg *cfg);
/* The noise test: Holm's procedure at alpha (--alpha, alpha=). */
void fg_colorcfg_alpha(struct fg_colorcfg *cfg, double alpha);
/*
 * Handles the colour options shared by fg-color and fg-svg: returns 1 when
 * c was one of them. FG_COLOR_OPTS lists them for an fg_opt table.
 */
enum {
	FG_OPT_COLORS = 'c', FG_OPT_HASH = 1000, FG_OPT_CP, FG_OPT_PALFILE,
	FG_OPT_NEGATE, FG_OPT_SELF, FG_OPT_TOTALDELTA, FG_OPT_CB,
	FG_OPT_ALL, FG_OPT_MINCHG, FG_OPT_BASE, FG_OPT_DIFFUSION
};
#define FG_COLOR_OPTS \
	FG_NOISE_OPTS, \
	{ "colors", FG_OPT_COLORS, FG_OPT_ARG }, \
	{ "hash", FG_OPT_HASH, FG_OPT_NOARG }, \
	{ "cp", FG_OPT_CP, FG_OPT_NOARG }, \
	{ "palfile", FG_OPT_PALFILE, FG_OPT_ARG }, \
	{ "negate", FG_OPT_NEGATE, FG_OPT_NOARG }, \
	{ "self-delta", FG_OPT_SELF, FG_OPT_NOARG }, \
	{ "total-delta", FG_OPT_TOTALDELTA, FG_OPT_NOARG }, \
	{ "colorblind", FG_OPT_CB, FG_OPT_NOARG }, \
	{ "alpha", FG_OPT_ALPHA, FG_OPT_ARG }, \
	{ "zcrit", FG_OPT_ZCRIT, FG_OPT_ARG }, \
	{ "all-changes", FG_OPT_ALL, FG_OPT_NOARG }, \
	{ "min-change", FG_OPT_MINCHG, FG_OPT_ARG }, \
	{ "base", FG_OPT_BASE, FG_OPT_ARG }, \
	{ "colordiffusion", FG_OPT_DIFFUSION, FG_OPT_NOARG }
#define FG_COLOR_HELP \
    "  -c, --colors PALETTE   palette for profiles: hot (default), mem, io,\n" \
    "                         wakeup, chain, java, js, perl, python, rust,\n" \
    "                         red, green, blue, aqua, yellow, purple, orange\n" \
    "      --hash             colour by flamegraph.pl's name hash\n" \
    "      --colordiffusion   colour by width: the wider, the redder (as\n" \
    "                         inferno; diffs too)\n" \
    "      --base NAME        only stacks through a frame NAME, from the\n" \
    "                         deepest one on (repeatable; as inferno)\n" \
    "      --cp               keep colours stable in palette.map\n" \
    "      --palfile FILE     palette map file for --cp (implies --cp)\n" \
    "      --negate           diff: the baseline's point of view\n" \
    "      --self-delta       diff: colour by self change (flamegraph.pl)\n" \
    "      --total-delta      diff: colour by inclusive change (default)\n" \
    "      --colorblind       diff: orange/blue colour-blind-safe colours\n" \
    "      --alpha A          diff: family-wise error rate of the noise\n" \
    "                         test over all frames (Holm; default 0.001)\n" \
    "      --zcrit Z          diff: a fixed |z| > Z frame by frame instead\n" \
    "                         (no correction; 0: no test)\n" \
    "      --min-change PCT   diff: colour changes of at least PCT points\n" \
    "                         of the total (5)\n" \
    "      --all-changes      diff: colour every change (--zcrit 0\n" \
    "                         --min-change 0)\n" \
    "      --mode MODE        diff: absolute or proportional (default: the\n" \
    "                         stream's header, else absolute)\n" \
    "      --period P         diff: P count units per sample\n" \
    "      --samples N[:M]    diff: samples behind the counts\n" \
    "      --drift auto|K     diff, absolute mode: divide the after counts\n" \
    "                         by K, or by the median frame's after/before\n" \
    "                         (auto): a run's speed taken out (default 1)\n"
int fg_colorcfg_opt(struct fg_colorcfg *cfg, int c, const char *arg);

/* ---- palette.c: pure ---- */
int fg_pal_parse(const char *s);
/* The palettes' names, by enum fg_pal (fg_pal_parse's inverse). */
extern const char *const fg_pal_names[FG_PAL_N];
/* flamegraph.pl's colour of a name in a palette (hash: --hash). */
uint32_t fg_pal_color(int pal, int hash, const char *name, size_t len);

/* ---- pmap-read, pmap, pmap-write (color.c): palette map files ---- */
/*
 * Reads the palette map cfg->pmfile (--cp, --palfile) into cfg->pmap: the
 * tool calls it once, before colouring a profile's frames by name. A
 * missing file is an empty map (fg_pmap_save creates it); a file that
 * cannot be read, is a symbolic link or is not a palette map is fatal,
 * the message naming it.
 */
void fg_pmap_load(struct fg_colorcfg *cfg);
/*
 * The profile colour of a frame name under cfg: from the palette map when
 * one was loaded, else fg_pal_color, and then remembered in the map for
 * fg_pmap_save. No file I/O.
 */
uint32_t fg_color_name(struct fg_colorcfg *cfg, const char *name,
    size_t len);
/*
 * Writes the palette map back (--cp), sorted, through a temporary file
 * renamed over it; never through a symbolic link. Warns on failure. Does
 * nothing when no map was loaded.
 */
void fg_pmap_save(struct fg_colorcfg *cfg);
void fg_pmap_free(struct fg_colorcfg *cfg);

/* ---- color.c: the colours of frames ---- */
/*
 * What a diff frame's colour says (after fg_color_end), from the point
 * of view in force: grew or shrank beyond noise and the floor (*u gets
 * the change over the largest, 0 to 1), new code, or neither (grey).
 * fg_color_diff colours by it; fg-svg counts frames by it.
 */
enum { FG_DK_SAME, FG_DK_GREW, FG_DK_SHRANK, FG_DK_NEW };
/*
 * A diff frame as the colours see it, its counts before and after
 * (inclusive, self), for fg-color's tree nodes and frames laid out in one
 * pass alike (fg-color's cmd/fg-color/main.c, fg-svg's flow.c).
 */
struct fg_cframe {
	const double *tot, *self;
	int root;
	int pnew;		/* its parent is new code (fg_color_newcode) */
	const char *name;	/* its function, for cfg->fnv; or NULL */
	size_t nlen;
};
/*
 * The noise test in steps: fg_color_begin with the root's counts (as
 * known before the frames: the inputs' totals, or NULL when unknown),
 * fg_color_add once for every frame but the root with its final counts
 * (in any order), fg_color_end with the root's final counts and the
 * period of the counts (stats.h: the tool's one accumulation of it).
 * Memory: the frames that may be beyond noise or hold the largest change
 * (all with --drift auto, or when the totals were unknown).
 */
void fg_color_begin(struct fg_colorcfg *cfg, const double *tot);
void fg_color_add(struct fg_colorcfg *cfg, const double *tot,
    const double *self);
void fg_color_end(struct fg_colorcfg *cfg, const double *roottot,
    const struct fg_period *per);
void fg_color_dstat_free(struct fg_colorcfg *cfg);
/* Then: a frame's counts before and after from the point of view in
 * force (inclusive, or self with --self-delta). */
void fg_color_sides(const struct fg_colorcfg *cfg, const struct fg_cframe *f,
    double *b, double *a);
/* Then: whether a frame is new code; what its colour says; the colour. */
int fg_color_newcode(const struct fg_colorcfg *cfg,
    const struct fg_cframe *f);
int fg_color_kind_of(const struct fg_colorcfg *cfg, const struct fg_cframe *f,
    double *u);
/*
 * The same, and *byfn 1 when the frame's own test left it grey and its
 * function's verdict (cfg->fnv) colours it: a function whose self change
 * is real is coloured wherever its frames moved its way, so that a
 * function the gate fails on is red in the picture, however thinly it
 * is spread over its call sites.
 */
int fg_color_kind_why(const struct fg_colorcfg *cfg,
    const struct fg_cframe *f, double *u, int *byfn);
/*
 * A profile frame's colour, its count tot of the profile's all: by width
 * (--colordiffusion), by its share in blue (an elided stream, cfg->gone),
 * else by name (fg_color_name).
 */
uint32_t fg_color_profile(struct fg_colorcfg *cfg, const char *name,
    size_t nlen, double tot, double all);
/*
 * A vanished frame (in the baseline, absent from the current profile) as
 * an elided view draws it: always blue, whatever the noise test and floor
 * say, saturated by its share of all, the count that vanished in all
 * (fg_color_profile's elided stream alike); FG_NOCOLOR: not vanished.
 */
uint32_t fg_color_vanished(const struct fg_colorcfg *cfg,
    const struct fg_cframe *f, double all);
/* all: the current profile's total (--colordiffusion) */
uint32_t fg_color_diff(struct fg_colorcfg *cfg, const struct fg_cframe *f,
    const char *name, size_t nlen, double all);

/*
 * verdict.c: the one verdict on a diff's frame, after fg_color_end: what
 * its colour says (kind), and when it is grey with a change, which rule
 * greyed it: within noise (the test), or under the threshold
 * (--min-change, fg-top's --fail-above); the smallest change the test
 * could have found there (at the frames' first Holm level, power
 * FG_POWER). fg-color and fg-svg colour by it, fg-svg's hover and table
 * and fg-top's gate read it.
 */
enum fg_why {
	FG_WHY_SAME,		/* no change (or the root) */
	FG_WHY_REAL,		/* real and over the threshold: coloured */
	FG_WHY_NOISE,		/* over the threshold, within noise */
	FG_WHY_UNDER,		/* under the threshold (noise or not) */
	FG_WHY_FUNC		/* coloured by its function's verdict */
};
struct fg_fverdict {
	int kind;		/* FG_DK_*, as coloured */
	int why;		/* enum fg_why */
	double delta;		/* change, a fraction (x100 points) */
	double z;		/* its statistic (+-HUGE_VAL untested) */
	double mdc;		/* smallest detectable change, a fraction;
				 * 0 exact counts, NaN untested */
};
void fg_verdict_frame(const struct fg_colorcfg *cfg,
    const struct fg_cframe *f, struct fg_fverdict *v);
/* The |z| the frames' mdc is taken at: Holm's first level + power's. */
double fg_verdict_zmdc(const struct fg_colorcfg *cfg);
/* Whether a frame's verdict fails a gate: grew or new (both: any). */
int fg_verdict_fails(const struct fg_fverdict *v, int both);
/*
 * The deepest of the failing frames: fails[i] set and no frame whose
 * parent is i fails (parent[i] < i, the root 0 its own). deep[i] gets
 * 1 for them; returns how many.
 */
size_t fg_verdict_deepest(const size_t *parent, const unsigned char *fails,
    size_t n, unsigned char *deep);
/*
 * The functions' verdicts, by self as fg-top's table and gate judge them,
 * for the picture: each function's self counts before and after (as
 * read, the stream's order), one call a frame that holds self counts (a
 * stack's last), gathered by name (fnself), then classified
 * once, after fg_color_end, by the frames' noise test (cfg->nz: same
 * mode, runs, rule and alpha) into cs, in the view's order (--negate
 * swaps the sides), and cfg->fnv set to the functions whose change is
 * real and over the threshold (--min-change). No test in force (--zcrit
 * 0, --all-changes): every change counts.
 */
struct fg_fnself {
	struct fg_stab *tab;	/* name -> aux: index + 1 */
	double *self;		/* before, after, frames with self per name */
	size_t n, cap;
};
void fg_fnself_init(struct fg_fnself *fs);
void fg_fnself_add(struct fg_fnself *fs, const char *name, size_t nlen,
    const double *self);
void fg_fnself_free(struct fg_fnself *fs);
/* nz gets the test in force (its rule made fixed at 0 when none). */
void fg_verdict_functions(struct fg_colorcfg *cfg,
    const struct fg_fnself *fs, const double *roottot,
    const struct fg_period *per, struct fg_noise *nz,
    struct fg_changes *cs);

/*
 * pmap: palette map files (flamegraph.pl's --cp, palette.map), inside
 * the colour module: a name->rgb(r,g,b) line per function, read by the
 * tool before it colours (color.c, fg_pmap_load) so a function keeps
 * its colour across graphs, looked up and added to in memory (color.c,
 * no file I/O), written back (color.c). Tools use color.h's
 * fg_pmap_load, fg_color_name, fg_pmap_save and fg_pmap_free.
 */
struct fg_pmap {
	struct fg_stab *tab;	/* name -> colour (aux) */
};

/*
 * annot: the colour annotation lines and fg-color's header line
 * (fg-folded(5)), defined here once: flame.c writes them (fg-color),
 * flame.c reads them back (fg-svg).
 */
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

/* ---- annot-read (flame.c) ---- */
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

/* ---- annot-write (flame.c) ---- */
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

/* ---- flame.c ---- */
/*
 * How many frames, the root included (so at least 1), stack[0..len)
 * shares with the stack before it, prev[0..prevlen), whose frame d >= 1
 * ends at byte pathend[d] (pathlen frames in all, the root's end unused).
 */
size_t fg_path_shared(const char *stack, size_t len, const char *prev,
    size_t prevlen, const size_t *pathend, size_t pathlen);
/*
 * Where the frames after the d shared ones start in a stack of len bytes
 * (len when there are none): past the ';' that ends shared frame d - 1.
 */
size_t fg_path_rest(size_t d, const size_t *pathend, size_t len);

/*
 * inorder: the stacks of folded inputs read as one, in input order and
 * not summed (flame.c): fg-color's input and fg-svg's flame chart.
 */
struct fg_inorder {
	const struct fg_bases *bases;	/* --base's names, or NULL */
	/* every metadata line, or NULL (fg_fold's onmeta) */
	void (*onmeta)(void *arg, const char *line, size_t len);
	/* at the first record: the number of counts a line from then on */
	void (*first)(void *arg, const struct fg_fold *f, int ncols);
	/* every record with that number of counts */
	void (*rec)(void *arg, const struct fg_fold *f,
	    const struct fg_rec *r);
	void *arg;
};

/*
 * Reads files[0..nfiles) (none: standard input) one after the other as
 * one stream through f (fg_fold_open_list), which is left open for its
 * header (fg_fold_close it). A record whose number of counts differs from
 * the first's is skipped with a warning. Returns the first's number of
 * counts, 0 when there was no record.
 */
int fg_inorder_read(struct fg_fold *f, char **files, int nfiles,
    const struct fg_inorder *o);

#endif
