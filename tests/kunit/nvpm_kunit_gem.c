// SPDX-License-Identifier: MIT
/*
 * KUnit: buffer objects on a DRM device of their own (no GPU behind it):
 * every allocation of GEM_NEW's path made to fail in turn, and the
 * pinned-byte accounting of a file and a device.
 */
#include <kunit/test.h>
#include <linux/platform_device.h>
#include "nvpm_drv.h"
#include "nvpm_gem.h"

struct gem_fixture {
	struct platform_device *pdev;
	struct nvpm_drm *nvpm;
	struct nvpm_quota *quota;
};

static int
gem_init(struct kunit *test)
{
	struct gem_fixture *f = kunit_kzalloc(test, sizeof(*f), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, f);
	test->priv = f;
	f->pdev = platform_device_register_simple("nvpm-kunit-gem", -1, NULL, 0);
	KUNIT_ASSERT_FALSE(test, IS_ERR(f->pdev));
	f->nvpm = nvpm_drm_alloc(&f->pdev->dev);
	KUNIT_ASSERT_FALSE(test, IS_ERR(f->nvpm));
	f->quota = nvpm_quota_new();
	KUNIT_ASSERT_NOT_NULL(test, f->quota);
	return 0;
}

static void
gem_exit(struct kunit *test)
{
	struct gem_fixture *f = test->priv;

	nvpm_bo_fail_nth(0);
	nvpm_quota_put(f->quota);
	/* the DRM device is the platform device's: it goes with it */
	if (!IS_ERR_OR_NULL(f->pdev))
		platform_device_unregister(f->pdev);
}

/*
 * The allocations of a 3-page BO, in order: the object, the page array,
 * 3 pages, the kernel mapping.  Each fails in turn: -ENOMEM, no BO, and
 * nothing counted (KASAN and kmemleak watch the unwinding).
 */
static void
each_allocation_failure_unwinds(struct kunit *test)
{
	struct gem_fixture *f = test->priv;
	struct nvpm_bo *bo;
	int nth;

	for (nth = 1; nth <= 6; nth++) {
		nvpm_bo_fail_nth(nth);
		KUNIT_EXPECT_EQ_MSG(test, nvpm_bo_new(&f->nvpm->drm, f->quota, 3 * PAGE_SIZE, &bo),
				    -ENOMEM, "allocation %d failing", nth);
		KUNIT_EXPECT_NULL(test, bo);
		KUNIT_EXPECT_EQ(test, atomic64_read(&f->quota->pinned), 0ll);
		KUNIT_EXPECT_EQ(test, atomic64_read(&f->nvpm->pinned), 0ll);
	}
	/* the 7th allocation is past the last: it succeeds */
	nvpm_bo_fail_nth(7);
	KUNIT_ASSERT_EQ(test, nvpm_bo_new(&f->nvpm->drm, f->quota, 3 * PAGE_SIZE, &bo), 0);
	nvpm_bo_fail_nth(0);
	KUNIT_EXPECT_EQ(test, atomic64_read(&f->quota->pinned), 3ll * PAGE_SIZE);
	nvpm_bo_put(bo);
	KUNIT_EXPECT_EQ(test, atomic64_read(&f->quota->pinned), 0ll);
	KUNIT_EXPECT_EQ(test, atomic64_read(&f->nvpm->pinned), 0ll);
}

/* A BO counts its whole pages against the file and the device. */
static void
bytes_are_counted_until_freed(struct kunit *test)
{
	struct gem_fixture *f = test->priv;
	struct nvpm_bo *a, *b;

	KUNIT_ASSERT_EQ(test, nvpm_bo_new(&f->nvpm->drm, f->quota, 1, &a), 0);
	KUNIT_ASSERT_EQ(test, nvpm_bo_new(&f->nvpm->drm, NULL, PAGE_SIZE + 1, &b), 0);
	KUNIT_EXPECT_EQ(test, atomic64_read(&f->quota->pinned), (s64)PAGE_SIZE);
	KUNIT_EXPECT_EQ(test, atomic64_read(&f->nvpm->pinned), 3ll * PAGE_SIZE);
	nvpm_bo_put(a);
	nvpm_bo_put(b);
	KUNIT_EXPECT_EQ(test, atomic64_read(&f->nvpm->pinned), 0ll);
}

/* Past the file's limit: -ENOSPC, nothing allocated or counted. */
static void
file_limit_refuses_with_enospc(struct kunit *test)
{
	struct gem_fixture *f = test->priv;
	struct nvpm_bo *bo;

	/* as if the file had its 256 MiB already */
	atomic64_set(&f->quota->pinned, 256ll << 20);
	KUNIT_EXPECT_EQ(test, nvpm_bo_new(&f->nvpm->drm, f->quota, 1, &bo), -ENOSPC);
	KUNIT_EXPECT_NULL(test, bo);
	KUNIT_EXPECT_EQ(test, atomic64_read(&f->quota->pinned), 256ll << 20);
	KUNIT_EXPECT_EQ(test, atomic64_read(&f->nvpm->pinned), 0ll);
	atomic64_set(&f->quota->pinned, 0);
}

/* Past the device's limit (1 GiB, or half of RAM): -ENOSPC for anyone. */
static void
device_limit_refuses_with_enospc(struct kunit *test)
{
	struct gem_fixture *f = test->priv;
	struct nvpm_bo *bo;

	atomic64_set(&f->nvpm->pinned, 1ll << 30);
	KUNIT_EXPECT_EQ(test, nvpm_bo_new(&f->nvpm->drm, NULL, 1, &bo), -ENOSPC);
	KUNIT_EXPECT_EQ(test, nvpm_bo_new(&f->nvpm->drm, f->quota, 1, &bo), -ENOSPC);
	KUNIT_EXPECT_EQ(test, atomic64_read(&f->quota->pinned), 0ll);
	KUNIT_EXPECT_EQ(test, atomic64_read(&f->nvpm->pinned), 1ll << 30);
	atomic64_set(&f->nvpm->pinned, 0);
}

static struct kunit_case nvpm_gem_cases[] = {
	KUNIT_CASE(each_allocation_failure_unwinds),
	KUNIT_CASE(bytes_are_counted_until_freed),
	KUNIT_CASE(file_limit_refuses_with_enospc),
	KUNIT_CASE(device_limit_refuses_with_enospc),
	{}
};

static struct kunit_suite nvpm_gem_suite = {
	.name = "nvpm_gem",
	.init = gem_init,
	.exit = gem_exit,
	.test_cases = nvpm_gem_cases,
};

kunit_test_suite(nvpm_gem_suite);
