// SPDX-License-Identifier: MIT
/*
 * KUnit: the host interface (host/nvpm_host.h), the way nouveau uses it.
 * The "host" here lends accessors that count the accesses and forward
 * them to a simulated GPU, as nouveau's nvkm_rd32/nvkm_wr32 forward them
 * to BAR0.  Expected values come from the reference: G84 has 8 PCOUNTER
 * domains, PGRAPH.IDLE is signal 0xbd of domain 1 (core clock A); PMC_BOOT_0
 * holds the chipset in bits 20-28; a 35%-busy PGRAPH is idle 65% of the
 * cycles.
 */
#include <kunit/test.h>
#include <linux/delay.h>
#include <linux/err.h>
#include <nvpm_host.h>

struct nvpm_test_host {
	struct nvpm_sim_gpu *sim;
	unsigned int rd, wr;
};

static u32
nvpm_test_host_rd32(void *priv, u32 addr)
{
	struct nvpm_test_host *h = priv;

	h->rd++;
	return nvpm_sim_gpu_rd32(h->sim, addr);
}

static void
nvpm_test_host_wr32(void *priv, u32 addr, u32 data)
{
	struct nvpm_test_host *h = priv;

	h->wr++;
	nvpm_sim_gpu_wr32(h->sim, addr, data);
}

static const struct nvpm_host_ops nvpm_test_host_ops = {
	.rd32 = nvpm_test_host_rd32,
	.wr32 = nvpm_test_host_wr32,
};

static const struct nvpm_host_ops nvpm_test_host_no_wr = {
	.rd32 = nvpm_test_host_rd32,
};

#define G84_BOOT0	((0x084 << 20) | 0xa1)

static void
host_refuses_what_it_cannot_drive(struct kunit *test)
{
	struct nvpm_test_host h = {};
	struct nvpm_host *host;

	h.sim = nvpm_sim_gpu_new(0x84, 35);
	KUNIT_ASSERT_NOT_NULL(test, h.sim);

	KUNIT_EXPECT_PTR_EQ(test, nvpm_host_attach(NULL, NULL, &h, G84_BOOT0),
			    ERR_PTR(-EINVAL));
	KUNIT_EXPECT_PTR_EQ(test, nvpm_host_attach(NULL, &nvpm_test_host_no_wr, &h, G84_BOOT0),
			    ERR_PTR(-EINVAL));
	/* NV04 (architecture 0), NV11 (no PCOUNTER), GM107: not nvpm's */
	KUNIT_EXPECT_FALSE(test, nvpm_host_supported(0x20004000));
	KUNIT_EXPECT_FALSE(test, nvpm_host_supported((0x011 << 20) | 0x01000000));
	KUNIT_EXPECT_FALSE(test, nvpm_host_supported(0x117000a2));
	KUNIT_EXPECT_TRUE(test, nvpm_host_supported(G84_BOOT0));
	KUNIT_EXPECT_PTR_EQ(test, nvpm_host_attach(NULL, &nvpm_test_host_ops, &h, 0x117000a2),
			    ERR_PTR(-ENOTSUPP));
	/* a BOOT_0 the GPU does not read back: a GT215's on a G84 */
	KUNIT_EXPECT_PTR_EQ(test, nvpm_host_attach(NULL, &nvpm_test_host_ops, &h,
						   (0x0a3 << 20) | 0xa2),
			    ERR_PTR(-ENODEV));
	KUNIT_EXPECT_EQ(test, h.wr, 0U);

	host = nvpm_host_attach(NULL, &nvpm_test_host_ops, &h, G84_BOOT0);
	KUNIT_ASSERT_FALSE(test, IS_ERR(host));
	KUNIT_EXPECT_STREQ(test, nvpm_host_chip(host), "G84");
	/* nothing is written before init */
	KUNIT_EXPECT_EQ(test, h.wr, 0U);
	KUNIT_EXPECT_GT(test, h.rd, 0U);
	nvpm_host_detach(host);
	nvpm_sim_gpu_del(&h.sim);
	KUNIT_EXPECT_NULL(test, h.sim);
}

static void
host_catalog_through_the_interface(struct kunit *test)
{
	struct nvpm_test_host h = {};
	struct nvpm_host_domain d;
	struct nvpm_host_signal sig;
	struct nvpm_host_source src;
	struct nvpm_host *host;
	int i, prev = -1;

	h.sim = nvpm_sim_gpu_new(0x84, 35);
	KUNIT_ASSERT_NOT_NULL(test, h.sim);
	host = nvpm_host_attach(NULL, &nvpm_test_host_ops, &h, G84_BOOT0);
	KUNIT_ASSERT_FALSE(test, IS_ERR(host));
	/* the catalog is built when the engines first come up */
	KUNIT_ASSERT_EQ(test, nvpm_host_init(host), 0);

	KUNIT_EXPECT_EQ(test, nvpm_host_nr_domains(host), 8);
	KUNIT_EXPECT_EQ(test, nvpm_host_domain(host, 8, &d), -ENOENT);
	KUNIT_ASSERT_EQ(test, nvpm_host_domain(host, 1, &d), 0);
	KUNIT_EXPECT_EQ(test, d.nr_signals, 256);
	KUNIT_EXPECT_EQ(test, d.nr_counters, 4);
	KUNIT_EXPECT_FALSE(test, d.idle);
	KUNIT_EXPECT_GT(test, d.nr_named, 0);

	/* by position: increasing numbers, and each found again by number */
	for (i = 0; i < d.nr_named; i++) {
		struct nvpm_host_signal again;

		KUNIT_ASSERT_EQ(test, nvpm_host_signal(host, 1, i, &sig), 0);
		KUNIT_EXPECT_GT(test, (int)sig.signal, prev);
		prev = sig.signal;
		KUNIT_EXPECT_EQ(test, nvpm_host_signal_find(host, 1, sig.signal, &again), 0);
		KUNIT_EXPECT_STREQ(test, again.name, sig.name);
	}
	KUNIT_EXPECT_EQ(test, nvpm_host_signal(host, 1, d.nr_named, &sig), -ENOENT);
	KUNIT_EXPECT_EQ(test, nvpm_host_signal_find(host, 1, 0xbd, &sig), 0);
	KUNIT_EXPECT_STREQ(test, sig.name, "PGRAPH.IDLE");
	KUNIT_EXPECT_EQ(test, nvpm_host_signal_find(host, 1, 256, &sig), -EINVAL);
	KUNIT_EXPECT_EQ(test, nvpm_host_signal_find(host, 9, 0, &sig), -ENOENT);
	KUNIT_EXPECT_EQ(test, nvpm_host_source(host, 1, 0xff, &src), -ENOENT);

	nvpm_host_detach(host);
	nvpm_sim_gpu_del(&h.sim);
}

static void
host_counts_through_the_hosts_accessors(struct kunit *test)
{
	struct nvpm_host_group_args args = {
		.dom = 1,
		.mode = NVPM_HOST_MODE_QUAD,
		.nr_ctr = 2,
		.ctr = {
			{ .signal = { 0xbd }, .logic_op = 0xaaaa },
			{ .logic_op = 0xffff },
		},
	};
	struct nvpm_test_host h = {};
	struct nvpm_host_group *grp, *other;
	struct nvpm_host_result res;
	struct nvpm_host *host;
	unsigned int wr;
	u64 pct;

	h.sim = nvpm_sim_gpu_new(0x84, 35);
	KUNIT_ASSERT_NOT_NULL(test, h.sim);
	host = nvpm_host_attach(NULL, &nvpm_test_host_ops, &h, G84_BOOT0);
	KUNIT_ASSERT_FALSE(test, IS_ERR(host));
	KUNIT_ASSERT_EQ(test, nvpm_host_init(host), 0);

	wr = h.wr;
	KUNIT_ASSERT_EQ(test, nvpm_host_group_new(host, &args, &h, &grp), 0);
	KUNIT_EXPECT_GT(test, h.wr, wr);	/* programmed through the host */
	/* another holder's domain is refused, and nothing changes */
	KUNIT_EXPECT_EQ(test, nvpm_host_group_new(host, &args, test, &other), -EBUSY);
	KUNIT_EXPECT_NULL(test, other);

	KUNIT_ASSERT_EQ(test, nvpm_host_sample(host, &grp, 1), 0);
	msleep(60);
	KUNIT_ASSERT_EQ(test, nvpm_host_sample(host, &grp, 1), 0);
	nvpm_host_read(grp, &res);
	KUNIT_EXPECT_EQ(test, res.samples, 2ULL);
	KUNIT_EXPECT_EQ(test, res.value[1], res.cycles);
	KUNIT_EXPECT_GE(test, res.cycles, 60000ULL);
	pct = div64_u64(res.value[0] * 1000, max(res.cycles, 1ULL));
	KUNIT_EXPECT_GE_MSG(test, pct, 620ULL, "idle %llu of %llu", res.value[0], res.cycles);
	KUNIT_EXPECT_LE_MSG(test, pct, 680ULL, "idle %llu of %llu", res.value[0], res.cycles);

	KUNIT_EXPECT_EQ(test, nvpm_host_sample(host, &grp, NVPM_HOST_SAMPLE_MAX + 1), -E2BIG);
	args.nr_ctr = NVPM_HOST_COUNTERS + 1;
	KUNIT_EXPECT_EQ(test, nvpm_host_group_new(host, &args, &h, &other), -E2BIG);

	nvpm_host_group_del(&grp);
	KUNIT_EXPECT_NULL(test, grp);
	nvpm_host_group_del(&grp);	/* NULL is fine */
	KUNIT_EXPECT_EQ(test, nvpm_host_fini(host, false), 0);
	nvpm_host_detach(host);
	nvpm_sim_gpu_del(&h.sim);
}

static struct kunit_case nvpm_host_cases[] = {
	KUNIT_CASE(host_refuses_what_it_cannot_drive),
	KUNIT_CASE(host_catalog_through_the_interface),
	KUNIT_CASE(host_counts_through_the_hosts_accessors),
	{}
};

static struct kunit_suite nvpm_host_suite = {
	.name = "nvpm_host",
	.test_cases = nvpm_host_cases,
};

kunit_test_suite(nvpm_host_suite);
