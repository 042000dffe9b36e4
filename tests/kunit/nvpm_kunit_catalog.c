// SPDX-License-Identifier: MIT
/*
 * KUnit: the G80:GF100 signal catalog generated from the reference's
 * signal tables.  Structure checks cover every chipset; the spot checks
 * are facts read off the reference by hand.
 */
#include <kunit/test.h>
#include <linux/ctype.h>
#include <linux/string.h>
#include <nvkm/engine/pm/catalog.h>

/* Domains in register order, for each layout the reference describes. */
static const char * const doms_g80[] = {
	"host", "core_a", "core_b", "shader", "memory",
};

static const char * const doms_g84[] = {
	"host", "core_a", "core_b", "shader", "memory", "core_c", "vdec", "core_d",
};

static const char * const doms_mcp7x[] = {
	"host", "core_a", "core_b", "shader", "core_c", "vdec", "core_d",
};

static const char *
clock_of(const char *dom)
{
	if (!strcmp(dom, "host") || !strcmp(dom, "shader") ||
	    !strcmp(dom, "memory") || !strcmp(dom, "vdec"))
		return dom;
	return "core";
}

static bool
is_mcp7x(u16 chipset)
{
	return chipset == 0xaa || chipset == 0xac;
}

/*
 * The trailer occupies the last 0x20 signals of a domain (its base is
 * nr_signals - 0x20), but its signals start at base + 0x0c on G84+ and at
 * base + 0x0e on G80; below them are ordinary signals (GT215 core_a has
 * setup_primitive_count at 0xe0, GT218 core_d THERM_ACCESS_BUSY at 0xc5).
 */
static unsigned int
trailer_first(const struct nvkm_pm_chip_desc *chip, const struct nvkm_pm_domain_desc *dom)
{
	return dom->nr_signals - 0x20 + (chip->chipset == 0x50 ? 0x0e : 0x0c);
}

static const struct nvkm_pm_chip_desc *
find_chip(u16 chipset)
{
	unsigned int i;

	for (i = 0; i < nvkm_pm_tesla_nr_chips; i++) {
		if (nvkm_pm_tesla_chips[i]->chipset == chipset)
			return nvkm_pm_tesla_chips[i];
	}
	return NULL;
}

static const struct nvkm_pm_domain_desc *
find_dom(u16 chipset, const char *name)
{
	const struct nvkm_pm_chip_desc *chip = find_chip(chipset);
	unsigned int i;

	if (!chip)
		return NULL;
	for (i = 0; i < chip->nr_doms; i++) {
		if (!strcmp(chip->doms[i].name, name))
			return &chip->doms[i];
	}
	return NULL;
}

/* A domain a spot check relies on: the test stops if it is missing. */
static const struct nvkm_pm_domain_desc *
dom_of(struct kunit *test, u16 chipset, const char *name)
{
	const struct nvkm_pm_domain_desc *dom = find_dom(chipset, name);

	KUNIT_ASSERT_NOT_NULL_MSG(test, dom, "0x%02x %s", chipset, name);
	return dom;
}

/* The number of a named signal, or -1. */
static int
find_signal(u16 chipset, const char *dom_name, const char *name)
{
	const struct nvkm_pm_domain_desc *dom = find_dom(chipset, dom_name);
	unsigned int i;

	if (!dom)
		return -1;
	for (i = 0; i < dom->nr_named; i++) {
		if (!strcmp(dom->signals[i].name, name))
			return dom->signals[i].signal;
	}
	return -1;
}

/* The name of a signal number, or NULL if it has none. */
static const char *
signal_name(u16 chipset, const char *dom_name, u8 signal)
{
	const struct nvkm_pm_domain_desc *dom = find_dom(chipset, dom_name);
	unsigned int i;

	if (!dom)
		return NULL;
	for (i = 0; i < dom->nr_named; i++) {
		if (dom->signals[i].signal == signal)
			return dom->signals[i].name;
	}
	return NULL;
}

/* Every row of the catalog (whose size is only known at run time). */
static const void *
catalog_gen_params(const void *prev, char *desc)
{
	const struct nvkm_pm_chip_desc *next;
	unsigned int i = 0;

	if (prev) {
		while (i < nvkm_pm_tesla_nr_chips && nvkm_pm_tesla_chips[i] != prev)
			i++;
		i++;
	}
	if (i >= nvkm_pm_tesla_nr_chips)
		return NULL;
	next = nvkm_pm_tesla_chips[i];
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "0x%02x", next->chipset);
	return next;
}

/* --- structure, per chipset ------------------------------------------- */

static void
domains_follow_register_order(struct kunit *test)
{
	const struct nvkm_pm_chip_desc *chip = test->param_value;
	const char * const *want;
	unsigned int i, nr;

	if (chip->chipset == 0x50) {
		want = doms_g80;
		nr = ARRAY_SIZE(doms_g80);
	} else if (is_mcp7x(chip->chipset)) {
		want = doms_mcp7x;
		nr = ARRAY_SIZE(doms_mcp7x);
	} else {
		want = doms_g84;
		nr = ARRAY_SIZE(doms_g84);
	}
	KUNIT_ASSERT_EQ(test, chip->nr_doms, nr);
	KUNIT_ASSERT_NOT_NULL(test, chip->doms);
	for (i = 0; i < nr; i++) {
		KUNIT_EXPECT_STREQ(test, chip->doms[i].name, want[i]);
		KUNIT_EXPECT_STREQ(test, chip->doms[i].clock, clock_of(want[i]));
	}
}

static void
nr_signals_is_whole_status_words(struct kunit *test)
{
	const struct nvkm_pm_chip_desc *chip = test->param_value;
	unsigned int i;

	for (i = 0; i < chip->nr_doms; i++) {
		const struct nvkm_pm_domain_desc *dom = &chip->doms[i];

		KUNIT_EXPECT_GE_MSG(test, dom->nr_signals, 0x20, "%s", dom->name);
		KUNIT_EXPECT_LE_MSG(test, dom->nr_signals, 0x100, "%s", dom->name);
		KUNIT_EXPECT_EQ_MSG(test, dom->nr_signals % 0x20, 0, "%s", dom->name);
		KUNIT_EXPECT_EQ_MSG(test, !dom->signals, !dom->nr_named, "%s", dom->name);
	}
}

static void
signals_sorted_unique_below_trailer(struct kunit *test)
{
	const struct nvkm_pm_chip_desc *chip = test->param_value;
	unsigned int i, j;

	for (i = 0; i < chip->nr_doms; i++) {
		const struct nvkm_pm_domain_desc *dom = &chip->doms[i];
		unsigned int limit = trailer_first(chip, dom);

		for (j = 0; j < dom->nr_named; j++) {
			const struct nvkm_pm_signal_desc *sig = &dom->signals[j];

			KUNIT_EXPECT_LT_MSG(test, sig->signal, limit, "%s %s",
					    dom->name, sig->name);
			if (j)
				KUNIT_EXPECT_GT_MSG(test, sig->signal, dom->signals[j - 1].signal,
						    "%s %s", dom->name, sig->name);
		}
	}
}

static bool
name_is_plain(const char *name)
{
	if (!*name)
		return false;
	for (; *name; name++) {
		if (!isalnum(*name) && !strchr("_.[]", *name))
			return false;
	}
	return true;
}

/* Unique, and single tokens of what the generator allows: no "???", "*". */
static void
names_unique_and_plain(struct kunit *test)
{
	const struct nvkm_pm_chip_desc *chip = test->param_value;
	unsigned int i, j, k;

	for (i = 0; i < chip->nr_doms; i++) {
		const struct nvkm_pm_domain_desc *dom = &chip->doms[i];

		for (j = 0; j < dom->nr_named; j++) {
			const char *name = dom->signals[j].name;

			KUNIT_ASSERT_NOT_NULL(test, name);
			KUNIT_EXPECT_TRUE_MSG(test, name_is_plain(name), "%s %s",
					      dom->name, name);
			for (k = j + 1; k < dom->nr_named; k++)
				KUNIT_EXPECT_STRNEQ_MSG(test, name, dom->signals[k].name,
							"%s", dom->name);
		}
	}
}

/* --- the table as a whole ----------------------------------------------- */

static void
catalog_has_every_tesla_chipset(struct kunit *test)
{
	static const u16 chipsets[] = {
		0x50, 0x84, 0x86, 0x92, 0x94, 0x96, 0x98,
		0xa0, 0xaa, 0xac, 0xa3, 0xa5, 0xa8, 0xaf,
	};
	unsigned int i, j;

	KUNIT_EXPECT_EQ(test, nvkm_pm_tesla_nr_chips, ARRAY_SIZE(chipsets));
	for (i = 0; i < ARRAY_SIZE(chipsets); i++)
		KUNIT_EXPECT_NOT_NULL_MSG(test, find_chip(chipsets[i]), "0x%02x", chipsets[i]);
	for (i = 0; i < nvkm_pm_tesla_nr_chips; i++) {
		for (j = i + 1; j < nvkm_pm_tesla_nr_chips; j++)
			KUNIT_EXPECT_NE(test, nvkm_pm_tesla_chips[i]->chipset,
					nvkm_pm_tesla_chips[j]->chipset);
	}
}

/* --- spot checks against the reference ------------------------------------ */

static void
host_signals(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, dom_of(test, 0x84, "host")->nr_signals, 0x60);
	KUNIT_EXPECT_EQ(test, dom_of(test, 0x50, "host")->nr_signals, 0x40);
	KUNIT_EXPECT_EQ(test, dom_of(test, 0xa3, "host")->nr_signals, 0x100);
	KUNIT_EXPECT_EQ(test, find_signal(0xa3, "host", "PCOUNTER.USER[0]"), 0x2a);
	KUNIT_EXPECT_EQ(test, find_signal(0xaf, "host", "PCOUNTER.USER[1]"), 0x3b);
	KUNIT_EXPECT_EQ(test, find_signal(0x84, "host", "PCOUNTER.USER[0]"), -1);
	KUNIT_EXPECT_EQ(test, find_signal(0x50, "host", "HOST_MEM_WR"), 0x00);
	KUNIT_EXPECT_EQ(test, find_signal(0xa0, "host", "HOST_MEM_RD"), 0x2e);
	KUNIT_EXPECT_EQ(test, find_signal(0xaa, "host", "PTIMER_TIME_B12"), 0x53);
	/* "??" is no signal; an unnamed "???" row is skipped. */
	KUNIT_EXPECT_EQ(test, find_signal(0xaa, "host", "HOST_MEM_WR"), -1);
	KUNIT_EXPECT_NULL(test, signal_name(0xa0, "host", 0x0a));
}

static void
core_a_signals(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, find_signal(0x84, "core_a", "PGRAPH.IDLE"), 0xbd);
	KUNIT_EXPECT_EQ(test, find_signal(0x50, "core_a", "PGRAPH.IDLE"), 0xc8);
	KUNIT_EXPECT_EQ(test, find_signal(0x50, "core_a", "VFETCH.MUX[0]"), 0x26);
	KUNIT_EXPECT_EQ(test, find_signal(0x50, "core_a", "VFETCH.MUX[25]"), 0x3f);
	KUNIT_EXPECT_EQ(test, find_signal(0x84, "core_a", "VFETCH.MUX[0]"), 0x66);
	KUNIT_EXPECT_EQ(test, find_signal(0xa3, "core_a", "CTXCTL.USER[3]"), 0xd8);
	KUNIT_EXPECT_EQ(test, find_signal(0xa3, "core_a", "PCOUNTER.USER[1]"), 0x6a);
	/* "???" rows named by their documentation column. */
	KUNIT_EXPECT_EQ(test, find_signal(0x84, "core_a", "setup_primitive_count"), 0xd2);
	KUNIT_EXPECT_EQ(test, find_signal(0xa3, "core_a", "setup_primitive_count"), 0xe0);
	KUNIT_EXPECT_EQ(test, find_signal(0x50, "core_a", "stream_out_busy[1]"), 0x80);
	KUNIT_EXPECT_EQ(test, find_signal(0x50, "core_a", "setup_any_count[1]"), 0xe2);
	KUNIT_EXPECT_EQ(test, find_signal(0xa5, "core_a", "rasterized_tiles_any[5]"), 0x0c);
	KUNIT_EXPECT_EQ(test, find_signal(0xaa, "core_a", "setup_any_count[2]"), 0xe3);
	/* An undocumented "???" row stays unnamed. */
	KUNIT_EXPECT_NULL(test, signal_name(0x84, "core_a", 0x19));
	KUNIT_EXPECT_EQ(test, dom_of(test, 0x50, "core_a")->nr_signals, 0x100);
}

static void
core_b_signals(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, dom_of(test, 0x84, "core_b")->nr_signals, 0xa0);
	KUNIT_EXPECT_EQ(test, dom_of(test, 0xa3, "core_b")->nr_signals, 0xe0);
	KUNIT_EXPECT_EQ(test, find_signal(0x50, "core_b", "texture_sample_level[3]"), 0x73);
	KUNIT_EXPECT_EQ(test, find_signal(0x84, "core_b", "tex_cache_hit"), 0x1b);
	KUNIT_EXPECT_EQ(test, find_signal(0x50, "core_b", "MMU.BIND"), 0xad);
	KUNIT_EXPECT_EQ(test, find_signal(0xaa, "core_b", "PSEC.FALCON[19]"), 0xd9);
	KUNIT_EXPECT_EQ(test, find_signal(0xa8, "core_b", "PCOUNTER.USER[0]"), 0x9e);
}

static void
shader_signals(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, dom_of(test, 0x50, "shader")->nr_signals, 0x40);
	KUNIT_EXPECT_EQ(test, dom_of(test, 0x84, "shader")->nr_signals, 0x40);
	KUNIT_EXPECT_EQ(test, find_signal(0x84, "shader", "MPC_GROUP_2[0]"), 0x08);
	KUNIT_EXPECT_EQ(test, find_signal(0xa3, "shader", "PCOUNTER.USER[0]"), 0x13);
	KUNIT_EXPECT_EQ(test, find_signal(0xaf, "shader", "PCOUNTER.USER[1]"), 0x14);
	KUNIT_EXPECT_EQ(test, find_signal(0xac, "shader", "PCOUNTER.USER[0]"), -1);
}

static void
memory_signals(struct kunit *test)
{
	KUNIT_EXPECT_NULL(test, find_dom(0xaa, "memory"));
	KUNIT_EXPECT_NULL(test, find_dom(0xac, "memory"));
	KUNIT_EXPECT_NOT_NULL(test, find_dom(0xaf, "memory"));
	KUNIT_EXPECT_EQ(test, find_signal(0xa8, "memory", "PCOUNTER.USER[0]"), 0x37);
	KUNIT_EXPECT_EQ(test, find_signal(0xa3, "memory", "PCOUNTER.USER[0]"), 0x3b);
	KUNIT_EXPECT_EQ(test, find_signal(0xaf, "memory", "PCOUNTER.USER[0]"), 0x6a);
	KUNIT_EXPECT_EQ(test, dom_of(test, 0xaf, "memory")->nr_signals, 0x100);
	KUNIT_EXPECT_EQ(test, dom_of(test, 0xa0, "memory")->nr_signals, 0x80);
	KUNIT_EXPECT_EQ(test, find_signal(0x50, "memory", "PFB.UNK6.CG_IFACE_DISABLE"), 0x1a);
}

static void
core_c_vdec_core_d_signals(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, dom_of(test, 0xaa, "core_c")->nr_signals, 0x20);
	KUNIT_EXPECT_EQ(test, dom_of(test, 0xaa, "core_c")->nr_named, 0);
	KUNIT_EXPECT_EQ(test, find_signal(0x98, "core_c", "PSEC.FALCON[0]"), 0x39);
	KUNIT_EXPECT_EQ(test, find_signal(0xa0, "core_c", "VUC_USER_CONT"), 0x3a);
	KUNIT_EXPECT_EQ(test, find_signal(0xa3, "core_c", "PDAEMON.FALCON[19]"), 0x53);
	/* Two vdec tables: VP2 chipsets and VP3/VP4 chipsets. */
	KUNIT_EXPECT_EQ(test, dom_of(test, 0x84, "vdec")->nr_signals, 0xc0);
	KUNIT_EXPECT_EQ(test, find_signal(0x96, "vdec", "PVP2.CG_IFACE_DISABLE"), 0x28);
	KUNIT_EXPECT_EQ(test, find_signal(0x92, "vdec", "PVP2_USER_0[7]"), 0x07);
	KUNIT_EXPECT_EQ(test, find_signal(0x98, "vdec", "PPDEC.FALCON[0]"), 0x8e);
	KUNIT_EXPECT_EQ(test, find_signal(0xaf, "vdec", "PVCOMP.FALCON[0]"), 0x52);
	KUNIT_EXPECT_EQ(test, find_signal(0xa5, "vdec", "VUC_IDLE"), 0x88);
	KUNIT_EXPECT_EQ(test, dom_of(test, 0xaf, "vdec")->nr_signals, 0x100);
	/* core_d: narrower table, columns found by name. */
	KUNIT_EXPECT_EQ(test, find_signal(0x86, "core_d", "PFB_READ"), 0x70);
	KUNIT_EXPECT_EQ(test, find_signal(0x92, "core_d", "PBSP.CG[0]"), 0x63);
	KUNIT_EXPECT_EQ(test, find_signal(0xa8, "core_d", "THERM_ACCESS_BUSY"), 0xc5);
	KUNIT_EXPECT_EQ(test, find_signal(0xaf, "core_d", "FIFO_PUT_1_WRITE"), 0xcd);
	KUNIT_EXPECT_EQ(test, dom_of(test, 0xa8, "core_d")->nr_signals, 0xe0);
	KUNIT_EXPECT_EQ(test, dom_of(test, 0xa0, "core_d")->nr_signals, 0xa0);
}

static struct kunit_case nvpm_pm_catalog_cases[] = {
	KUNIT_CASE_PARAM(domains_follow_register_order, catalog_gen_params),
	KUNIT_CASE_PARAM(nr_signals_is_whole_status_words, catalog_gen_params),
	KUNIT_CASE_PARAM(signals_sorted_unique_below_trailer, catalog_gen_params),
	KUNIT_CASE_PARAM(names_unique_and_plain, catalog_gen_params),
	KUNIT_CASE(catalog_has_every_tesla_chipset),
	KUNIT_CASE(host_signals),
	KUNIT_CASE(core_a_signals),
	KUNIT_CASE(core_b_signals),
	KUNIT_CASE(shader_signals),
	KUNIT_CASE(memory_signals),
	KUNIT_CASE(core_c_vdec_core_d_signals),
	{}
};

static struct kunit_suite nvpm_pm_catalog_suite = {
	.name = "nvpm_pm_catalog",
	.test_cases = nvpm_pm_catalog_cases,
};

kunit_test_suite(nvpm_pm_catalog_suite);
