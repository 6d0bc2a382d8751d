CREATE TABLE "extras_imageattachment" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"object_type" varchar(100) NOT NULL,
	"object_id" bigint NOT NULL,
	"name" varchar(50) DEFAULT '' NOT NULL,
	"image" varchar(100) NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"image_height" integer,
	"image_width" integer,
	"image_size" integer,
	"created" timestamp with time zone DEFAULT now(),
	"last_updated" timestamp with time zone DEFAULT now()
);
--> statement-breakpoint
ALTER TABLE "dcim_devicetype" ADD COLUMN "front_image" varchar(100);--> statement-breakpoint
ALTER TABLE "dcim_devicetype" ADD COLUMN "rear_image" varchar(100);--> statement-breakpoint
CREATE INDEX "extras_imageattachment_object_type_object_id_idx" ON "extras_imageattachment" USING btree ("object_type","object_id");--> statement-breakpoint
CREATE INDEX "extras_imageattachment_name_natural_idx" ON "extras_imageattachment" USING btree (name COLLATE natural_sort,"id");