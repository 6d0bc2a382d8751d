-- Hand-written: each user's preferences (NetBox's UserConfig), read and deep-merged at
-- /api/users/config/; a user without a row has none ({}), as NetBox's default preferences are.
CREATE TABLE IF NOT EXISTS "users_userconfig" (
	"user_id" bigint PRIMARY KEY NOT NULL REFERENCES "users_user"("id") ON DELETE CASCADE,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL
);
