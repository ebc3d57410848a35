/* SPDX-License-Identifier: ISC */
/*
 * cost.c: reads --cost VCPUS:PRICE, a share of a fleet's CPU time as
 * money per year (fg-top's cost column, fg-svg's hover and search); the
 * arithmetic is cost.h's fg_cost_year, fg-top's column is formatted by
 * cmd/fg-top/cost.c.
 */
#include "cost.h"
#include "stats.h"

void
fg_cost_parse(struct fg_cost *c, const char *arg)
{
	fg_parse_pair(arg, "--cost", &c->vcpus, &c->price, 0);
	c->on = 1;
}
