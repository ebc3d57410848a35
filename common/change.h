/* SPDX-License-Identifier: ISC */
/*
 * change.h: which functions of a differential profile changed, beyond
 * noise, and how much (change.c). fg-top prints it; fg-svg draws its table
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
#ifndef FG_CHANGE_H
#define FG_CHANGE_H

#include <stddef.h>

#include "stats.h"

enum fg_chg_kind {
	FG_CHG_GREW, FG_CHG_NEW, FG_CHG_SHRANK, FG_CHG_GONE, FG_CHG_SAME
};

struct fg_chg {
	const char *name;	/* not copied, not NUL-terminated */
	size_t len;
	double c[2];		/* before, after: count units as given */
	double share[2];	/* before, after, as fractions in the mode:
				 * absolute both of the baseline's total,
				 * proportional each of its side's */
	double delta;		/* share[1] - share[0]; x100 for points */
	double rel;		/* share[1] / share[0] - 1 (0 when new) */
	double z;		/* positive: grew */
	int sig;		/* beyond noise (the verdict of the test) */
	int kind;		/* enum fg_chg_kind */
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
void fg_changes_classify(struct fg_changes *cs, struct fg_noise *nz,
    int dispersion);
/* Relative change of the total, after / before - 1 (0 if before is 0). */
double fg_changes_totchange(const struct fg_changes *cs);
void fg_changes_free(struct fg_changes *cs);

#endif
