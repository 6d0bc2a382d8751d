-- Hand-written: the module type profiles NetBox's own migrations preload (ids 1-7, names and attribute
-- schemas as NetBox 4.6 has them), so that a fresh database starts as NetBox's does and new profiles
-- continue at id 8. Created without change records, as NetBox's migration makes them. A database that
-- already holds a profile of one of these ids or names keeps its own row.
INSERT INTO "dcim_moduletypeprofile" ("id", "name", "schema") VALUES
  (1, 'CPU', '{"properties": {
    "cores": {"type": "integer", "description": "Number of cores present"},
    "speed": {"type": "number", "title": "Speed", "description": "Clock speed in GHz"},
    "architecture": {"type": "string", "title": "Architecture"}}}'),
  (2, 'Fan', '{"properties": {
    "rpm": {"type": "integer", "title": "RPM", "description": "Fan speed (RPM)"}}}'),
  (3, 'GPU', '{"required": ["memory"], "properties": {
    "gpu": {"type": "string", "title": "GPU"},
    "memory": {"type": "integer", "title": "Memory (GB)", "description": "Total memory capacity (in GB)"},
    "interface": {"enum": ["PCIe 4.0", "PCIe 4.0 x8", "PCIe 4.0 x16", "PCIe 5.0 x16"], "type": "string"}}}'),
  (4, 'Hard disk', '{"required": ["size"], "properties": {
    "size": {"type": "integer", "title": "Size (GB)", "description": "Raw disk capacity"},
    "type": {"enum": ["HD", "SSD", "NVME"], "type": "string", "title": "Disk type", "default": "SSD"},
    "speed": {"type": "integer", "title": "Speed (RPM)"}}}'),
  (5, 'Memory', '{"required": ["class", "size"], "properties": {
    "ecc": {"type": "boolean", "title": "ECC", "description": "Error-correcting code is enabled"},
    "size": {"type": "integer", "title": "Size (GB)", "description": "Raw capacity of the module"},
    "class": {"enum": ["DDR3", "DDR4", "DDR5"], "type": "string", "title": "Memory class", "default": "DDR5"},
    "data_rate": {"type": "integer", "title": "Data rate", "description": "Speed in MT/s"}}}'),
  (6, 'Power supply', '{"required": ["input_current", "input_voltage"], "properties": {
    "wattage": {"type": "integer", "description": "Available output power (watts)"},
    "hot_swappable": {"type": "boolean", "title": "Hot-swappable", "default": false},
    "input_current": {"enum": ["AC", "DC"], "type": "string", "title": "Current type", "default": "AC"},
    "input_voltage": {"type": "integer", "title": "Voltage", "default": 120}}}'),
  (7, 'Expansion card', '{"properties": {
    "bandwidth": {"type": "integer", "description": "Total Bandwidth for this module"},
    "connector_type": {"type": "string", "description": "Connector type e.g. PCIe x4"}}}')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('dcim_moduletypeprofile', 'id'),
  greatest(7, (SELECT max("id") FROM "dcim_moduletypeprofile")));
