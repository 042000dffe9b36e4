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
#include <linux/platform_device.h>
#include <linux/vmalloc.h>
#include <drm/drm_drv.h>
#include <nvpm_drm.h>
#include <nvpm_host.h>
#include <nvpm_host_owned.h>

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
		.mode = NVPM_MODE_QUAD,
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

struct host_watch {
	struct nvpm_test_host h;
	struct nvpm_host_watch w;
};

static void
host_watch_wr32(void *priv, u32 addr, u32 data)
{
	struct host_watch *w = priv;

	nvpm_host_watch_write(&w->w, addr, nvpm_sim_gpu_rd32(w->h.sim, addr), data);
	nvpm_sim_gpu_wr32(w->h.sim, addr, data);
}

static u32
host_watch_rd32(void *priv, u32 addr)
{
	struct host_watch *w = priv;

	return nvpm_sim_gpu_rd32(w->h.sim, addr);
}

static const struct nvpm_host_ops host_watch_ops = {
	.rd32 = host_watch_rd32,
	.wr32 = host_watch_wr32,
};

static const u32 host_watch_chips[] = { 0x50, 0x84, 0xa0, 0xa3, 0x40, 0x30, 0x10, 0xc0, 0xe4 };

static void
host_watch_desc(const u32 *chip, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "chipset 0x%02x", *chip);
}

KUNIT_ARRAY_PARAM(host_watch, host_watch_chips, host_watch_desc);

/*
 * A counter group on domain @dom, with a source set where one is named:
 * quad mode where the chip latches quad groups (NV40+), single event mode
 * before (all four counters, as single event mode needs).
 */
static int
host_watch_group(struct kunit *test, struct nvpm_host *host, u32 dom, void *holder,
		 struct nvpm_host_group **grp)
{
	struct nvpm_host_group_args args = {
		.dom = dom, .mode = NVPM_MODE_QUAD, .nr_ctr = 2,
		.ctr = { { .logic_op = 0xaaaa }, { .logic_op = 0xffff },
			 { .logic_op = 0xffff }, { .logic_op = 0xffff } },
	};
	struct nvpm_host_domain d;
	struct nvpm_host_source src;
	struct nvpm_host_signal sig;
	u32 i;
	int ret;

	ret = nvpm_host_domain(host, dom, &d);
	if (ret)
		return ret;
	if (d.idle)
		args.nr_ctr = 1;
	for (i = 0; i < d.nr_named; i++) {
		if (nvpm_host_signal(host, dom, i, &sig))
			return -EIO;
		if (!i || sig.nr_sources)
			args.ctr[0].signal[0] = sig.signal;
		if (!sig.nr_sources || nvpm_host_source(host, dom, sig.source[0], &src))
			continue;
		args.nr_src = 1;
		args.src[0].id = sig.source[0];
		args.src[0].value = src.mask;	/* the highest value it takes */
		break;
	}
	ret = nvpm_host_group_new(host, &args, holder, grp);
	if (ret == -EINVAL || ret == -EOPNOTSUPP) {
		args.mode = NVPM_MODE_SINGLE;
		args.nr_ctr = 4;
		ret = nvpm_host_group_new(host, &args, holder, grp);
	}
	KUNIT_EXPECT_EQ_MSG(test, ret, 0, "domain %u (%s)", dom, d.name);
	return ret;
}

/* Every domain counted, sampled twice and read, then let go. */
static void
host_watch_count(struct kunit *test, struct nvpm_host *host, void *holder)
{
	struct nvpm_host_group *grp[16] = {};
	struct nvpm_host_result res;
	int i, nr = 0, n = min(nvpm_host_nr_domains(host), 16);

	for (i = 0; i < n; i++) {
		if (!host_watch_group(test, host, i, holder, &grp[nr]))
			nr++;
	}
	KUNIT_EXPECT_EQ(test, nr, n);
	KUNIT_EXPECT_EQ(test, nvpm_host_sample(host, grp, nr), 0);
	KUNIT_EXPECT_EQ(test, nvpm_host_sample(host, grp, nr), 0);
	for (i = 0; i < nr; i++) {
		nvpm_host_read(grp[i], &res);
		KUNIT_EXPECT_EQ(test, res.flags & NVPM_READ_NOT_READY, 0U);
		nvpm_host_group_del(&grp[i]);
	}
}

/*
 * A host lends registers only: through a whole life (attach, init, every
 * domain counted with its sources, sample, read, suspend, resume, fini,
 * detach) nvpm writes nothing but what a perfmon engine owns, and the
 * host's own state (its channel table, PFIFO's and PMC's interrupt
 * enables, the PRAMIN window) reads back as the host left it.
 */
static void
host_writes_only_what_perfmon_owns(struct kunit *test)
{
	const u32 chipset = *(const u32 *)test->param_value;
	u32 before[ARRAY_SIZE(nvpm_host_kept)];
	struct host_watch w = {};
	struct nvpm_host *host;
	unsigned int i;

	w.h.sim = nvpm_sim_gpu_new(chipset, 35);
	KUNIT_ASSERT_NOT_NULL(test, w.h.sim);
	for (i = 0; i < ARRAY_SIZE(nvpm_host_kept); i++) {
		nvpm_sim_gpu_wr32(w.h.sim, nvpm_host_kept[i].addr, nvpm_host_kept[i].value);
		before[i] = nvpm_sim_gpu_rd32(w.h.sim, nvpm_host_kept[i].addr);
	}
	/* on a G84 the simulated GPU keeps each of them: the check can fail */
	if (chipset == 0x84) {
		for (i = 0; i < ARRAY_SIZE(nvpm_host_kept); i++)
			KUNIT_EXPECT_EQ_MSG(test, before[i], nvpm_host_kept[i].value, "%s",
					    nvpm_host_kept[i].what);
	}

	host = nvpm_host_attach(NULL, &host_watch_ops, &w,
				nvpm_sim_gpu_rd32(w.h.sim, 0));
	if (IS_ERR(host))
		nvpm_sim_gpu_del(&w.h.sim);
	KUNIT_ASSERT_FALSE(test, IS_ERR(host));
	KUNIT_EXPECT_EQ(test, nvpm_host_init(host), 0);
	KUNIT_EXPECT_GT(test, nvpm_host_nr_domains(host), 0);
	host_watch_count(test, host, &w);
	KUNIT_EXPECT_EQ(test, nvpm_host_fini(host, true), 0);
	KUNIT_EXPECT_EQ(test, nvpm_host_init(host), 0);
	host_watch_count(test, host, &w);
	KUNIT_EXPECT_EQ(test, nvpm_host_fini(host, false), 0);
	nvpm_host_detach(host);

	KUNIT_EXPECT_GT(test, w.w.writes, 0U);
	for (i = 0; i < min(w.w.strays, NVPM_HOST_WATCH_STRAYS); i++)
		KUNIT_FAIL(test, "wrote %08x to %06x, not a perfmon register",
			   w.w.stray[i][1], w.w.stray[i][0]);
	KUNIT_EXPECT_EQ(test, w.w.strays, 0U);
	for (i = 0; i < ARRAY_SIZE(nvpm_host_kept); i++)
		KUNIT_EXPECT_EQ_MSG(test, nvpm_sim_gpu_rd32(w.h.sim, nvpm_host_kept[i].addr),
				    before[i], "%s at %06x changed", nvpm_host_kept[i].what,
				    nvpm_host_kept[i].addr);
	nvpm_sim_gpu_del(&w.h.sim);
}

/*
 * A simulated GPU's interrupt line, for a host to request: the NV50
 * family's (PFIFO interrupts through PMC), none before it (NV40: no PFIFO
 * is modelled, nothing interrupts).
 */
static void
host_sim_gpu_irq_only_with_pfifo(struct kunit *test)
{
	struct nvpm_sim_gpu *g84 = nvpm_sim_gpu_new(0x84, 0);
	struct nvpm_sim_gpu *nv40 = nvpm_sim_gpu_new(0x40, 0);

	KUNIT_EXPECT_NOT_NULL(test, g84);
	KUNIT_EXPECT_NOT_NULL(test, nv40);
	if (g84)
		KUNIT_EXPECT_GT(test, nvpm_sim_gpu_irq(g84), 0);
	if (nv40)
		KUNIT_EXPECT_EQ(test, nvpm_sim_gpu_irq(nv40), -ENODEV);
	nvpm_sim_gpu_del(&g84);
	nvpm_sim_gpu_del(&nv40);
}

static struct kunit_case nvpm_host_cases[] = {
	KUNIT_CASE_PARAM(host_writes_only_what_perfmon_owns, host_watch_gen_params),
	KUNIT_CASE(host_refuses_what_it_cannot_drive),
	KUNIT_CASE(host_catalog_through_the_interface),
	KUNIT_CASE(host_counts_through_the_hosts_accessors),
	KUNIT_CASE(host_sim_gpu_irq_only_with_pfifo),
	{}
};

static struct kunit_suite nvpm_host_suite = {
	.name = "nvpm_host",
	.test_cases = nvpm_host_cases,
};

/*
 * nvpm's software methods on a host's channel, called as the host's
 * software-method dispatch calls them (interrupts off), with no FIFO: the
 * host's channel is not nvpm's to run.  The notifier is the host's memory.
 */
#define HC_RING		64
#define HC_NTFY_HANDLE	0x4e544659	/* any handle: the host's */

/**
 * struct host_chan_fix - a host, a file of it, a counter group
 * @h: the host's accessors over a simulated G84
 * @host: the attachment
 * @pdev: parent of @drm
 * @drm: the host's DRM device, for the file
 * @file: the counter state of a file of the host's
 * @grp: a counter group of @file: every cycle, and never
 * @ntfy: the notifier's memory
 * @released: times the notifier was released
 */
struct host_chan_fix {
	struct nvpm_test_host h;
	struct nvpm_host *host;
	struct platform_device *pdev;
	struct drm_device *drm;
	struct nvpm_host_file *file;
	u32 grp;
	void *ntfy;
	int released;
};

static const struct drm_driver host_chan_drm = {
	.name = "nvpm-host-chan",
	.desc = "host channel test",
	.major = 1,
};

static void
host_chan_release(void *priv)
{
	struct host_chan_fix *f = priv;

	f->released++;
}

static struct nvpm_host_notifier
host_chan_ntfy(struct host_chan_fix *f, u32 ring)
{
	return (struct nvpm_host_notifier) {
		.map = f->ntfy,
		.size = NVPM_HOST_NOTIFIER_SIZE(NVPM_RING_SIZE_MAX),
		.handle = HC_NTFY_HANDLE,
		.ring_size = ring,
		.release = host_chan_release,
		.priv = f,
	};
}

static int
host_chan_init(struct kunit *test)
{
	struct drm_nvpm_group_create g = {
		.size = sizeof(g),
		.domain = 1,
		.mode = NVPM_MODE_QUAD,
		.nr_counters = 2,
		.counter = { { .logic_op = 0xffff }, { .logic_op = 0x0000 } },
	};
	struct host_chan_fix *f = kunit_kzalloc(test, sizeof(*f), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, f);
	test->priv = f;
	f->h.sim = nvpm_sim_gpu_new(0x84, 35);
	KUNIT_ASSERT_NOT_NULL(test, f->h.sim);
	f->host = nvpm_host_attach(NULL, &nvpm_test_host_ops, &f->h, G84_BOOT0);
	KUNIT_ASSERT_FALSE(test, IS_ERR(f->host));
	KUNIT_ASSERT_EQ(test, nvpm_host_init(f->host), 0);
	f->pdev = platform_device_register_simple("nvpm-kunit-host", -1, NULL, 0);
	KUNIT_ASSERT_FALSE(test, IS_ERR(f->pdev));
	f->drm = drm_dev_alloc(&host_chan_drm, &f->pdev->dev);
	KUNIT_ASSERT_FALSE(test, IS_ERR(f->drm));
	f->file = nvpm_host_file_new(f->host, f->drm);
	KUNIT_ASSERT_FALSE(test, IS_ERR(f->file));
	KUNIT_ASSERT_EQ(test, nvpm_host_ioctl(f->file, DRM_NVPM_GROUP_CREATE, &g), 0);
	f->grp = g.handle;
	f->ntfy = vzalloc(NVPM_HOST_NOTIFIER_SIZE(NVPM_RING_SIZE_MAX));
	KUNIT_ASSERT_NOT_NULL(test, f->ntfy);
	return 0;
}

static void
host_chan_exit(struct kunit *test)
{
	struct host_chan_fix *f = test->priv;

	if (!f)
		return;
	nvpm_host_file_del(&f->file);
	if (!IS_ERR_OR_NULL(f->drm))
		drm_dev_put(f->drm);
	if (!IS_ERR_OR_NULL(f->pdev))
		platform_device_unregister(f->pdev);
	if (!IS_ERR_OR_NULL(f->host))
		nvpm_host_detach(f->host);
	nvpm_sim_gpu_del(&f->h.sim);
	vfree(f->ntfy);
}

/* As the host's dispatch runs it: in interrupt context. */
static bool
host_chan_mthd(struct nvpm_host_chan *chan, u32 mthd, u32 data)
{
	unsigned long flags;
	bool ran;

	local_irq_save(flags);
	ran = nvpm_host_chan_mthd(chan, mthd, data);
	local_irq_restore(flags);
	/* the simulated GPU's time goes on: a latch lands in a cycle */
	usleep_range(100, 200);
	return ran;
}

static struct drm_nvpm_notifier_header *
host_chan_header(struct host_chan_fix *f)
{
	return f->ntfy;
}

static struct drm_nvpm_notifier_entry *
host_chan_entry(struct host_chan_fix *f, u32 n)
{
	struct drm_nvpm_notifier_entry *ring = f->ntfy + sizeof(struct drm_nvpm_notifier_header);

	return &ring[n];
}

/*
 * SET_NOTIFY, COUNTER_ADD of the group's two counters, three SAMPLEs and
 * a READOUT: the ring has the READOUT's entries, one per counter, with
 * its sequence; a logic op of 0xffff counts every cycle of the interval
 * and 0x0000 none (pcounter.rst: the op is a truth table of the inputs).
 * A method not nvpm's is left to the host; bad data is an error entry.
 */
static void
host_chan_methods_fill_the_ring(struct kunit *test)
{
	struct host_chan_fix *f = test->priv;
	struct nvpm_host_notifier n = host_chan_ntfy(f, HC_RING);
	struct drm_nvpm_notifier_entry *e0, *e1, *e2;
	struct nvpm_host_mthd_time t;
	struct nvpm_host_chan *chan;

	/* something the host left in its memory is cleared */
	memset(f->ntfy, 0x5a, NVPM_HOST_NOTIFIER_SIZE(HC_RING));
	chan = nvpm_host_chan_new(f->file, &n);
	KUNIT_ASSERT_FALSE(test, IS_ERR(chan));
	KUNIT_EXPECT_EQ(test, host_chan_header(f)->sequence, 0ULL);
	KUNIT_EXPECT_EQ(test, host_chan_header(f)->ring_size, (u32)HC_RING);
	KUNIT_EXPECT_EQ(test, host_chan_header(f)->ring_offset,
			(u32)sizeof(struct drm_nvpm_notifier_header));

	KUNIT_EXPECT_TRUE(test, host_chan_mthd(chan, NVPM_SW_SET_NOTIFY, HC_NTFY_HANDLE));
	KUNIT_EXPECT_TRUE(test, host_chan_mthd(chan, NVPM_SW_COUNTER_ADD,
					       NVPM_SW_COUNTER_GROUP(f->grp, 0)));
	KUNIT_EXPECT_TRUE(test, host_chan_mthd(chan, NVPM_SW_COUNTER_ADD,
					       NVPM_SW_COUNTER_GROUP(f->grp, 1)));
	KUNIT_EXPECT_TRUE(test, host_chan_mthd(chan, NVPM_SW_SAMPLE, 0));
	KUNIT_EXPECT_TRUE(test, host_chan_mthd(chan, NVPM_SW_SAMPLE, 0));
	KUNIT_EXPECT_TRUE(test, host_chan_mthd(chan, NVPM_SW_SAMPLE, 0));
	KUNIT_EXPECT_TRUE(test, host_chan_mthd(chan, NVPM_SW_READOUT, 7));
	/* not nvpm's: the host's (nv50's vblank offset), ring untouched */
	KUNIT_EXPECT_FALSE(test, host_chan_mthd(chan, 0x0400, 1));

	KUNIT_EXPECT_EQ(test, host_chan_header(f)->sequence, 7ULL);
	KUNIT_EXPECT_EQ(test, host_chan_header(f)->write_index, 2U);
	KUNIT_EXPECT_EQ(test, host_chan_header(f)->errors, 0U);
	e0 = host_chan_entry(f, 0);
	e1 = host_chan_entry(f, 1);
	KUNIT_EXPECT_EQ(test, e0->sequence, 7ULL);
	KUNIT_EXPECT_EQ(test, e0->counter, NVPM_SW_COUNTER_GROUP(f->grp, 0));
	KUNIT_EXPECT_EQ(test, e0->flags, 0U);
	KUNIT_EXPECT_GT(test, e0->cycles, 0ULL);
	KUNIT_EXPECT_EQ(test, e0->value, e0->cycles);
	KUNIT_EXPECT_EQ(test, e1->sequence, 7ULL);
	KUNIT_EXPECT_EQ(test, e1->counter, NVPM_SW_COUNTER_GROUP(f->grp, 1));
	KUNIT_EXPECT_EQ(test, e1->cycles, e0->cycles);
	KUNIT_EXPECT_EQ(test, e1->value, 0ULL);

	/* bad data: an error entry of the method, the channel goes on */
	KUNIT_EXPECT_TRUE(test, host_chan_mthd(chan, NVPM_SW_SAMPLE, 1));
	e2 = host_chan_entry(f, 2);
	KUNIT_EXPECT_EQ(test, e2->flags, (u32)(NVPM_NOTIFY_ERROR | NVPM_NOTIFY_METHOD));
	KUNIT_EXPECT_EQ(test, e2->counter, (u32)NVPM_SW_ERR_BAD_DATA);
	KUNIT_EXPECT_EQ(test, e2->cycles, (u64)NVPM_SW_SAMPLE);
	KUNIT_EXPECT_EQ(test, host_chan_header(f)->errors, 1U);
	KUNIT_EXPECT_EQ(test, host_chan_header(f)->write_index, 3U);

	KUNIT_ASSERT_EQ(test, nvpm_host_chan_time(chan, NVPM_SW_SAMPLE, &t), 0);
	KUNIT_EXPECT_EQ(test, t.count, 4ULL);
	KUNIT_EXPECT_GE(test, t.ns, t.mmio_ns);
	KUNIT_EXPECT_EQ(test, nvpm_host_chan_time(chan, 0x0400, &t), -EINVAL);

	KUNIT_EXPECT_EQ(test, f->released, 0);
	nvpm_host_chan_del(&chan);
	KUNIT_EXPECT_NULL(test, chan);
	KUNIT_EXPECT_EQ(test, f->released, 1);
}

/*
 * A group destroyed while staged is reported GONE by the next READOUT; a
 * file that goes before its channel leaves the channel with no method of
 * nvpm's (the host then reports them), and the channel still goes cleanly.
 */
static void
host_chan_outlives_its_groups_and_file(struct kunit *test)
{
	struct host_chan_fix *f = test->priv;
	struct nvpm_host_notifier n = host_chan_ntfy(f, HC_RING);
	struct drm_nvpm_group_destroy d = { .size = sizeof(d), .handle = f->grp };
	struct drm_nvpm_notifier_entry *e;
	struct nvpm_host_chan *chan;

	chan = nvpm_host_chan_new(f->file, &n);
	KUNIT_ASSERT_FALSE(test, IS_ERR(chan));
	KUNIT_EXPECT_TRUE(test, host_chan_mthd(chan, NVPM_SW_SET_NOTIFY, HC_NTFY_HANDLE));
	KUNIT_EXPECT_TRUE(test, host_chan_mthd(chan, NVPM_SW_COUNTER_ADD,
					       NVPM_SW_COUNTER_GROUP(f->grp, 0)));
	KUNIT_EXPECT_TRUE(test, host_chan_mthd(chan, NVPM_SW_SAMPLE, 0));
	/* destroyed with a latch of it pending */
	KUNIT_ASSERT_EQ(test, nvpm_host_ioctl(f->file, DRM_NVPM_GROUP_DESTROY, &d), 0);
	KUNIT_EXPECT_TRUE(test, host_chan_mthd(chan, NVPM_SW_SAMPLE, 0));
	KUNIT_EXPECT_TRUE(test, host_chan_mthd(chan, NVPM_SW_READOUT, 1));
	e = host_chan_entry(f, 0);
	KUNIT_EXPECT_EQ(test, e->sequence, 1ULL);
	KUNIT_EXPECT_EQ(test, e->flags, (u32)NVPM_NOTIFY_ERROR);
	KUNIT_EXPECT_EQ(test, e->value, (u64)NVPM_SW_ERR_GONE);
	/* its handle names no group any more */
	KUNIT_EXPECT_TRUE(test, host_chan_mthd(chan, NVPM_SW_COUNTER_ADD,
					       NVPM_SW_COUNTER_GROUP(f->grp, 0)));
	e = host_chan_entry(f, 1);
	KUNIT_EXPECT_EQ(test, e->counter, (u32)NVPM_SW_ERR_BAD_COUNTER);

	nvpm_host_file_del(&f->file);
	KUNIT_EXPECT_FALSE(test, host_chan_mthd(chan, NVPM_SW_SAMPLE, 0));
	KUNIT_EXPECT_FALSE(test, host_chan_mthd(chan, NVPM_SW_READOUT, 2));
	KUNIT_EXPECT_EQ(test, host_chan_header(f)->sequence, 1ULL);
	KUNIT_EXPECT_EQ(test, host_chan_header(f)->write_index, 2U);
	KUNIT_EXPECT_EQ(test, f->released, 0);
	nvpm_host_chan_del(&chan);
	KUNIT_EXPECT_EQ(test, f->released, 1);
}

/*
 * What the host lends is checked before anything is made, and a file has
 * at most NVPM_CHANNELS_PER_FILE channels; refusals change nothing: all of
 * them can still be made afterwards, and the ring is not touched.
 */
static void
host_chan_refuses_bad_notifiers_and_bounds_channels(struct kunit *test)
{
	struct host_chan_fix *f = test->priv;
	struct nvpm_host_chan *chan[NVPM_CHANNELS_PER_FILE];
	struct nvpm_host_notifier n;
	unsigned int i;

	memset(f->ntfy, 0x5a, 64);
	n = host_chan_ntfy(f, HC_RING - 1);	/* not a power of two */
	KUNIT_EXPECT_PTR_EQ(test, nvpm_host_chan_new(f->file, &n), ERR_PTR(-EINVAL));
	n = host_chan_ntfy(f, NVPM_RING_SIZE_MIN / 2);
	KUNIT_EXPECT_PTR_EQ(test, nvpm_host_chan_new(f->file, &n), ERR_PTR(-EINVAL));
	n = host_chan_ntfy(f, NVPM_RING_SIZE_MAX * 2);
	KUNIT_EXPECT_PTR_EQ(test, nvpm_host_chan_new(f->file, &n), ERR_PTR(-EINVAL));
	n = host_chan_ntfy(f, HC_RING);
	n.size = NVPM_HOST_NOTIFIER_SIZE(HC_RING) - 1;
	KUNIT_EXPECT_PTR_EQ(test, nvpm_host_chan_new(f->file, &n), ERR_PTR(-EINVAL));
	n = host_chan_ntfy(f, HC_RING);
	n.map = NULL;
	KUNIT_EXPECT_PTR_EQ(test, nvpm_host_chan_new(f->file, &n), ERR_PTR(-EINVAL));
	KUNIT_EXPECT_EQ(test, *(u8 *)f->ntfy, 0x5a);

	n = host_chan_ntfy(f, HC_RING);
	for (i = 0; i < NVPM_CHANNELS_PER_FILE; i++) {
		chan[i] = nvpm_host_chan_new(f->file, &n);
		KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(chan[i]), "channel %u", i);
	}
	KUNIT_EXPECT_PTR_EQ(test, nvpm_host_chan_new(f->file, &n), ERR_PTR(-ENOSPC));
	nvpm_host_chan_del(&chan[0]);
	chan[0] = nvpm_host_chan_new(f->file, &n);
	KUNIT_EXPECT_FALSE(test, IS_ERR(chan[0]));
	for (i = 0; i < NVPM_CHANNELS_PER_FILE; i++)
		if (!IS_ERR(chan[i]))
			nvpm_host_chan_del(&chan[i]);
	KUNIT_EXPECT_EQ(test, f->released, NVPM_CHANNELS_PER_FILE + 1);
}

static struct kunit_case nvpm_host_chan_cases[] = {
	KUNIT_CASE(host_chan_methods_fill_the_ring),
	KUNIT_CASE(host_chan_outlives_its_groups_and_file),
	KUNIT_CASE(host_chan_refuses_bad_notifiers_and_bounds_channels),
	{}
};

static struct kunit_suite nvpm_host_chan_suite = {
	.name = "nvpm_host_chan",
	.init = host_chan_init,
	.exit = host_chan_exit,
	.test_cases = nvpm_host_chan_cases,
};

kunit_test_suites(&nvpm_host_suite, &nvpm_host_chan_suite);
