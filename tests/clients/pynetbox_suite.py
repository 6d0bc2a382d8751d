"""Drives the server through pynetbox exactly as users do: create, get, filter, page, count,
update, delete, choices and the version probe. Exits non-zero with a message on any mismatch.

    /usr/bin/python3 tests/clients/pynetbox_suite.py <base url> <token>
"""
import sys

import pynetbox

url, token = sys.argv[1], sys.argv[2]
nb = pynetbox.api(url, token=token)
checks = []


def check(what, got, want):
    if got != want:
        raise SystemExit(f"{what}: got {got!r}, want {want!r}")
    checks.append(what)


check("version probe", nb.version, "4.6")
check("status", nb.status()["netbox-version"].startswith("4.6"), True)

region = nb.dcim.regions.create(name="PyRegion", slug="pyregion")
site = nb.dcim.sites.create(name="PySite", slug="pysite", region=region.id, status="planned")
check("create returns the object", (site.name, site.status.value, site.region.id), ("PySite", "planned", region.id))
check("get by id", nb.dcim.sites.get(site.id).slug, "pysite")
check("get by filter", nb.dcim.sites.get(slug="pysite").id, site.id)
check("nested record", nb.dcim.sites.get(site.id).region.name, "PyRegion")

bulk = nb.dcim.sites.create([{"name": f"py-{i:03}", "slug": f"py-{i:03}", "status": "active"} for i in range(120)])
check("bulk create", len(bulk), 120)
check("all() over several pages", len(list(nb.dcim.sites.all())), 121)
check("filter", len(list(nb.dcim.sites.filter(status="active"))), 120)
check("filter with lookup", len(list(nb.dcim.sites.filter(name__isw="py-01"))), 10)
check("count", nb.dcim.sites.count(), 121)
check("count with filter", nb.dcim.sites.count(status="planned"), 1)
paged = list(nb.dcim.sites.filter(status="active", limit=25))
check("filter with limit pages through everything", len(paged), 120)

site.description = "updated by pynetbox"
site.status = "active"
check("save", site.save(), True)
fresh = nb.dcim.sites.get(site.id)
check("update persisted", (fresh.description, fresh.status.value), ("updated by pynetbox", "active"))
check("update with dict", fresh.update({"facility": "DC-9"}), True)
check("update persisted again", nb.dcim.sites.get(site.id).facility, "DC-9")

choices = nb.dcim.sites.choices()
check("choices", {c["value"] for c in choices["status"]} >= {"active", "planned"}, True)
check("choice display names are strings", all(isinstance(c["display_name"], str) for c in choices["status"]), True)

tenant = nb.tenancy.tenants.create(name="PyTenant", slug="pytenant")
fresh.tenant = tenant.id
fresh.save()
check("relation set through save", nb.dcim.sites.get(site.id).tenant.id, tenant.id)

check("delete", nb.dcim.sites.get(slug="py-000").delete(), True)
check("deleted", nb.dcim.sites.get(slug="py-000"), None)
ids = [s.id for s in nb.dcim.sites.filter(name__isw="py-0")]
check("bulk delete", nb.dcim.sites.delete(ids), True)
check("bulk deleted", nb.dcim.sites.count(name__isw="py-0"), 0)

try:
    nb.dcim.sites.create(name="PySite", slug="pysite")
    raise SystemExit("duplicate create did not fail")
except pynetbox.RequestError as e:
    check("validation error", e.error.startswith('{"name"'), True)

# branches through the plugin endpoints, and the selection header on pynetbox's own session
import time

branch = nb.plugins.branching.branches.create(name="py-branch")
check("branch created new", branch.status, "new")
for _ in range(200):
    branch = nb.plugins.branching.branches.get(branch.id)
    if branch.status == "ready":
        break
    time.sleep(0.05)
check("branch provisioned", branch.status, "ready")
nb.http_session.headers["X-Service-Branch"] = branch.schema_id
nb.dcim.sites.create(name="PyBranchSite", slug="pybranchsite")
check("visible in the branch", nb.dcim.sites.get(slug="pybranchsite") is not None, True)
del nb.http_session.headers["X-Service-Branch"]
check("invisible in main", nb.dcim.sites.get(slug="pybranchsite"), None)
diffs = list(nb.plugins.branching.changes.filter(branch_id=branch.id))
check("branch changes listed", [(d.object_type, d.action.value) for d in diffs], [("dcim.site", "create")])



def newer_than(v):
    return tuple(int(x) for x in pynetbox.__version__.split(".")[:2]) >= v


if newer_than((7, 8)):
    # pynetbox 7.8's NetBox 4.5/4.6 paths: v2 tokens made by create_token (it joins nbt_, key and token)
    # NetBox 4.6 makes no superusers through the API: the user gets object permissions instead
    py_v2 = nb.users.users.create(username="py-v2", password="py-v2-password-1")
    nb.users.permissions.create(
        name="py-v2 sites and tenants",
        object_types=["dcim.site", "tenancy.tenant", "users.token"],
        actions=["view", "add"],
        users=[py_v2.id],
    )
    nb2 = pynetbox.api(url)
    made = nb2.create_token("py-v2", "py-v2-password-1")
    check("create_token makes a v2 token", (made.version, nb2.token.startswith("nbt_" + made.key + ".")), (2, True))
    check("a v2 token displays as its key", made.display, made.key)
    check("the v2 token authenticates", nb2.dcim.sites.count(), nb.dcim.sites.count())
    check("the v2 token writes", nb2.tenancy.tenants.create(name="PyV2", slug="pyv2").slug, "pyv2")

    # cursor pagination (NetBox 4.6): ?start=, count null, next links followed to the end
    nbc = pynetbox.api(url, token=token, pagination="cursor")
    nb.dcim.sites.create([{"name": f"cur-{i:03}", "slug": f"cur-{i:03}"} for i in range(130)])
    every = [s.slug for s in nbc.dcim.sites.filter(name__isw="cur-", limit=50)]
    check("cursor pagination chosen by the API version", nbc._cursor_supported, True)
    check("cursor pages reach every object once", sorted(every), [f"cur-{i:03}" for i in range(130)])
    check("cursor pages count", len(list(nbc.dcim.sites.all())), nb.dcim.sites.count())

    # branches: activate_branch sends X-NetBox-Branch with the schema id; the branching extension
    # merges, reverts and lists changes and branchable models
    from pynetbox.extensions import BranchingExtension

    nbx = pynetbox.api(url, token=token, extensions=[BranchingExtension])
    b = nbx.plugins.branching.branches.create(name="py-branch-78")
    for _ in range(200):
        b = nbx.plugins.branching.branches.get(b.id)
        if b.status == "ready":
            break
        time.sleep(0.05)
    check("extension branch ready", b.status, "ready")
    with nbx.activate_branch(b):
        nbx.dcim.sites.create(name="Py78BranchSite", slug="py78-branch-site")
        check("activate_branch: visible inside", nbx.dcim.sites.get(slug="py78-branch-site") is not None, True)
    check("activate_branch: invisible in main", nbx.dcim.sites.get(slug="py78-branch-site"), None)
    check("branch changes as JSON", [c.diff is None or isinstance(c.diff, dict) for c in b.changes], [True])
    check("branchable models", any(m.app_label == "dcim" and m.model == "site"
                                   for m in nbx.plugins.branching.branchable_models.all()), True)

    def finished(job):
        for _ in range(400):
            job = nbx.core.jobs.get(job.id)
            if job.status.value in ("completed", "errored", "failed"):
                return job
            time.sleep(0.05)
        return job

    check("merge job completes", finished(b.merge(commit=True)).status.value, "completed")
    check("merged into main", nbx.dcim.sites.get(slug="py78-branch-site") is not None, True)
    check("branch merged", nbx.plugins.branching.branches.get(b.id).status, "merged")
    check("revert job completes", finished(b.revert(commit=True)).status.value, "completed")
    check("reverted out of main", nbx.dcim.sites.get(slug="py78-branch-site"), None)

print(f"pynetbox {pynetbox.__version__}: {len(checks)} checks passed")
