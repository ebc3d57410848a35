/* SPDX-License-Identifier: ISC */
/*
 * stats.c: is a change in a frame's share of the profile beyond sampling
 * noise? Samples are modelled as independent draws: a frame holding a of
 * ta samples before and b of tb after is tested with the two-proportion
 * z-test on the pooled proportion.
 */
#include <math.h>

#include "fg.h"

double
fg_ztest(double a, double ta, double b, double tb)
{
	double p1, p2, p, se;

	if (ta <= 0 || tb <= 0)
		return 0;
	p1 = a / ta;
	p2 = b / tb;
	p = (a + b) / (ta + tb);
	se = sqrt(p * (1 - p) * (1 / ta + 1 / tb));
	if (!(se > 0))
		return p1 == p2 ? 0 : (p2 > p1 ? HUGE_VAL : -HUGE_VAL);
	return (p2 - p1) / se;
}

int
fg_significant(double a, double ta, double b, double tb, double zcrit)
{
	return fabs(fg_ztest(a, ta, b, tb)) > zcrit;
}
