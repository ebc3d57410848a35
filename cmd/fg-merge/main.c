/* SPDX-License-Identifier: ISC */
/*
 * fg-merge: sum folded profiles (or differential streams) into one.
 * Holds the whole tool: the options, the hooks fg_sum (sum.h) calls while
 * it reads the inputs (--files-from's list, each input's header, the root
 * frames of -r and -R), and the output (the header, each summed stack
 * scaled with -S).
 */
#include <stdlib.h>
#include <string.h>

#include "sum.h"

static const char usage[] =
    "fg-merge [-r] [-R name]... [-S factor] [--files-from list] [file ...]";

static const char help[] =
    "usage: fg-merge [-r] [-R name]... [-S factor] [--files-from list]\n"
    "                [file ...]\n"
    "Sum folded profiles and print one line per unique stack, sorted\n"
    "bytewise. With no file, or when file is -, read standard input.\n"
    "Differential streams (stack before after) are summed column by column.\n"
    "\n"
    "  -r, --root             add a root frame named after each input file\n"
    "                         (its base name without the last extension)\n"
    "  -R, --root-name NAME   root frame for the next input, in order;\n"
    "                         repeat once per input\n"
    "  -S, --scale FACTOR     multiply every summed count by FACTOR\n"
    "      --files-from LIST  also read the inputs named in LIST, one path a\n"
    "                         line (- for standard input)\n"
    FG_HELP_TAIL;

enum { OPT_FILESFROM = 256 };
static const struct fg_opt opts[] = {
	{ "files-from", OPT_FILESFROM, FG_OPT_ARG },
	{ "root", 'r', FG_OPT_NOARG },
	{ "root-name", 'R', FG_OPT_ARG },
	{ "scale", 'S', FG_OPT_ARG },
	{ NULL, 0, 0 }
};

/* fg-merge's state while fg_sum reads the inputs. */
struct merge {
	const char **names;	/* root frame per input, or NULL */
	int nnames, byfile;
	char **files;
	char **roots;		/* -r: the names made from file names */
	char *key;
	size_t keycap;
	long double scale;
	int scaled;
	struct fg_carry carry;	/* the inputs' unit and period */
	int nsaid, nfiles;	/* inputs whose header said their kind; all */
	int scaledbase;		/* an input's base was scaled (-n) */
};

/* An input's header: its unit and period. */
static void
merge_onheader(void *arg, int i, const char *name, const char *header)
{
	struct merge *m = arg;

	char *k = header != NULL ? fg_header_get(header, "kind") : NULL;

	m->nsaid += k != NULL;
	free(k);
	fg_carry_add(&m->carry, i, header);
	/*
	 * What a sum cannot carry, said: the run lines of replicate runs
	 * (fg-diff BASE... -- CURRENT...), and a base scaled by fg-diff -n,
	 * whose before counts are no longer samples (no test applies).
	 */
	if (header != NULL && (k = fg_header_get(header, "runs")) != NULL) {
		if (strcmp(k, "1:1") != 0)
			fg_warnx("%s: replicate runs (runs=%s) are not "
			    "carried: the sum has one run a side, its "
			    "run-to-run noise not measured", name, k);
		free(k);
	}
	if (header != NULL &&
	    (k = fg_header_get(header, "normalized")) != NULL) {
		if (strcmp(k, "yes") == 0 && !m->scaledbase) {
			m->scaledbase = 1;
			fg_warnx("%s: its base was scaled (fg-diff -n): the "
			    "sum's counts are not samples, and no noise test "
			    "applies to it", name);
		}
		free(k);
	}
	if (fg_carry_mixed(&m->carry) && m->carry.other == i)
		fg_warnx("%s: counts in %s, an earlier input's in %s: the "
		    "sum has no unit, and no noise test applies to it", name,
		    m->carry.otherunit, m->carry.firstunit);
}

/* -r's root frame named after path (base name, no extension). */
static char *
merge_rootname(const char *path)
{
	char *s, *dot;

	if (strcmp(path, "-") == 0)
		return fg_strdup("stdin");
	s = fg_strdup(fg_basename(path));
	dot = strrchr(s, '.');
	if (dot != NULL && dot != s)
		*dot = '\0';
	return s;
}

/* The key with input i's root frame in front. */
static const char *
merge_rekey(void *arg, int i, const char *stack, size_t len,
    size_t *outlen)
{
	struct merge *m = arg;
	const char *root = m->names[i];
	size_t rlen = strlen(root);

	if (rlen + 1 + len > m->keycap) {
		m->keycap = (rlen + 1 + len) * 2;
		m->key = fg_realloc(m->key, m->keycap);
	}
	memcpy(m->key, root, rlen);
	m->key[rlen] = ';';
	memcpy(m->key + rlen + 1, stack, len);
	*outlen = rlen + 1 + len;
	return m->key;
}

/*
 * A header only when every input has one naming the same unit (or when
 * two name different units: origin=unknown, no test), or when every
 * input's says its kind (fg-collapse says kind=profile when a stack ends
 * in a number): the output of header-less inputs stays what stackcollapse
 * scripts write.
 * period= goes on unless -S scaled the counts.
 */
static void
merge_start(void *arg, enum fg_kind kind, int ncols,
    const fg_count *total)
{
	struct merge *m = arg;
	const char *unit = fg_carry_unit(&m->carry);

	(void)ncols;
	(void)total;
	if (unit != NULL || fg_carry_mixed(&m->carry) ||
	    m->nsaid == m->nfiles)
		fg_out_header("fg-merge", "kind", kind == FG_KIND_DIFF ?
		    "diff" : "profile", "unit", unit, "origin",
		    fg_carry_mixed(&m->carry) || m->carry.noorigin ||
		    m->scaledbase ? "unknown" : fg_carry_origin(&m->carry),
		    "period",
		    m->scaled ? NULL : fg_carry_period(&m->carry),
		    (char *)NULL);
}

/* One output line. */
static void
merge_write_rec(const char *key, size_t len, const fg_count *c, int ncols)
{
	fg_out_rec(key, len, c, ncols);
}

/* One summed stack, its counts scaled with -S (over 2^63-1 fatal). */
static void
merge_emit(const char *key, size_t len, const fg_count *cnt, int ncols,
    void *arg)
{
	const struct merge *m = arg;
	fg_count c[2];		/* ncols is 1 or 2 (fg_rec's) */
	int i;

	if (!m->scaled) {
		merge_write_rec(key, len, cnt, ncols);
		return;
	}
	for (i = 0; i < ncols; i++) {
		c[i] = cnt[i];
		if (fg_count_scale(&c[i], m->scale) < 0)
			fg_errx(FG_EXIT_ERR, "scaled count overflows 2^63-1");
	}
	merge_write_rec(key, len, c, ncols);
}

int
main(int argc, char *argv[])
{
	struct fg_optstate st;
	struct fg_sumopt so;
	struct merge m;
	const char *list = NULL;
	int c, nfiles, k, nops = -1;

	fg_tool_init(argv[0], usage, help);
	memset(&m, 0, sizeof(m));
	m.names = fg_calloc((size_t)argc + 1, sizeof(*m.names));
	fg_opt_init(&st, argc, argv);
	while ((c = fg_getopt(&st, opts)) != -1) {
		switch (c) {
		case 'r':
			m.byfile = 1;
			break;
		case 'R':
			m.names[m.nnames++] = st.arg;
			break;
		case 'S':
			m.scale = fg_parse_factor(st.arg, "-S");
			m.scaled = 1;
			break;
		case OPT_FILESFROM:
			list = st.arg;
			break;
		default:
			fg_usage(usage);
		}
	}
	if (list != NULL) {
		nops = nfiles = st.nops;
		m.files = fg_opt_files_from(list, st.ops, &nfiles);
		if (strcmp(list, "-") == 0)
			for (k = 0; k < nfiles; k++)
				if (strcmp(m.files[k], "-") == 0)
					fg_errx(FG_EXIT_ERR, "standard input is "
					    "the list (--files-from -) and an "
					    "input");
		m.names = fg_reallocarray(m.names, (size_t)nfiles + 1,
		    sizeof(*m.names));
	} else
		m.files = fg_opt_files(&st, &nfiles);
	if (m.nnames > 0 && m.nnames != nfiles)
		fg_errx(FG_EXIT_ERR, "%d root names (-R) for %d inputs",
		    m.nnames, nfiles);
	if (m.nnames == 0 && m.byfile) {
		m.roots = fg_calloc((size_t)nfiles, sizeof(*m.roots));
		for (k = 0; k < nfiles; k++)
			m.names[k] = m.roots[k] = merge_rootname(m.files[k]);
	}

	m.nfiles = nfiles;
	memset(&so, 0, sizeof(so));
	so.kind = FG_KIND_UNKNOWN;
	so.rekey = m.nnames > 0 || m.byfile ? merge_rekey : NULL;
	so.onheader = merge_onheader;
	so.start = merge_start;
	so.emit = merge_emit;
	so.arg = &m;
	fg_sum(m.files, nfiles, &so);
	fg_carry_free(&m.carry);
	for (k = 0; m.roots != NULL && k < nfiles; k++)
		free(m.roots[k]);
	free(m.roots);
	if (nops >= 0) {
		for (k = nops; k < nfiles; k++)
			free(m.files[k]);
		free(m.files);
	}
	free(m.names);
	free(m.key);
	free(st.ops);
	fg_out_close();
	return fg_status;
}
