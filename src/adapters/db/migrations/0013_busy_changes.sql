CREATE TABLE "busy_changes" (
	"staff_id" uuid NOT NULL,
	"xid" "xid8" NOT NULL,
	"at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "busy_changes_staff_id_xid_pk" PRIMARY KEY("staff_id","xid")
);
