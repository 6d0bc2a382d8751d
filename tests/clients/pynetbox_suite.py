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

print(f"pynetbox {pynetbox.__version__}: {len(checks)} checks passed")
