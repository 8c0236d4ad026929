-- Signed-in visitors' own part of a page (their name, hearts, unread count, profile city: decision 037) is kept in
-- each app process for a few seconds, and dropped for the users a change names: every process LISTENs on
-- 'tulpar_viewers', whose payload is the user ids a committed change touches, comma-separated, or '*' when too many
-- for one notification. One notification per statement (transition tables), delivered at commit. Expand only
-- (decision 031): functions and triggers, nothing an older release reads.
CREATE OR REPLACE FUNCTION tulpar_viewers_notify(ids text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR ids = '' THEN RETURN; END IF;
  PERFORM pg_notify('tulpar_viewers', CASE WHEN length(ids) > 7000 THEN '*' ELSE ids END);
END $$;
--> statement-breakpoint
-- Rows with a user_id column: sessions (sign-out, expiry refresh), hearts, profiles, dealer memberships.
CREATE OR REPLACE FUNCTION tulpar_viewers_by_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM tulpar_viewers_notify((SELECT string_agg(DISTINCT user_id, ',') FROM changed_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Accounts themselves: a new name, a ban, a deletion.
CREATE OR REPLACE FUNCTION tulpar_viewers_by_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM tulpar_viewers_notify((SELECT string_agg(DISTINCT id, ',') FROM changed_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Messages and read marks change unread counts: every participant of the conversations, and every member of the
-- dealer whose car it is about (they share the seller's seat, messaging/inbox.repository.ts).
CREATE OR REPLACE FUNCTION tulpar_viewers_of_conversations(ids bigint[]) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT string_agg(DISTINCT u, ',') FROM (
    SELECT p.user_id AS u FROM conversation_participants p WHERE p.conversation_id = ANY (ids)
    UNION
    SELECT m.user_id FROM conversations c
      JOIN listings l ON l.id = c.listing_id
      JOIN dealer_members m ON m.dealer_id = l.dealer_id
      WHERE c.id = ANY (ids)
  ) viewers
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION tulpar_viewers_by_conversation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM tulpar_viewers_notify(
    tulpar_viewers_of_conversations((SELECT array_agg(DISTINCT conversation_id) FROM changed_rows)));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A seat: its conversation's viewers, and its own user (whose seat may be gone with a deleted conversation).
CREATE OR REPLACE FUNCTION tulpar_viewers_by_seat() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM tulpar_viewers_notify(concat_ws(',',
    (SELECT string_agg(DISTINCT user_id, ',') FROM changed_rows),
    tulpar_viewers_of_conversations((SELECT array_agg(DISTINCT conversation_id) FROM changed_rows))));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER user_viewers_updated AFTER UPDATE ON "user" REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tulpar_viewers_by_account();
--> statement-breakpoint
CREATE TRIGGER user_viewers_deleted AFTER DELETE ON "user" REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tulpar_viewers_by_account();
--> statement-breakpoint
CREATE TRIGGER session_viewers_updated AFTER UPDATE ON "session" REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tulpar_viewers_by_user();
--> statement-breakpoint
CREATE TRIGGER session_viewers_deleted AFTER DELETE ON "session" REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tulpar_viewers_by_user();
--> statement-breakpoint
CREATE TRIGGER favourites_viewers_inserted AFTER INSERT ON favourites REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tulpar_viewers_by_user();
--> statement-breakpoint
CREATE TRIGGER favourites_viewers_deleted AFTER DELETE ON favourites REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tulpar_viewers_by_user();
--> statement-breakpoint
CREATE TRIGGER profiles_viewers_inserted AFTER INSERT ON profiles REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tulpar_viewers_by_user();
--> statement-breakpoint
CREATE TRIGGER profiles_viewers_updated AFTER UPDATE ON profiles REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tulpar_viewers_by_user();
--> statement-breakpoint
CREATE TRIGGER profiles_viewers_deleted AFTER DELETE ON profiles REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tulpar_viewers_by_user();
--> statement-breakpoint
CREATE TRIGGER dealer_members_viewers_inserted AFTER INSERT ON dealer_members REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tulpar_viewers_by_user();
--> statement-breakpoint
CREATE TRIGGER dealer_members_viewers_updated AFTER UPDATE ON dealer_members REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tulpar_viewers_by_user();
--> statement-breakpoint
CREATE TRIGGER dealer_members_viewers_deleted AFTER DELETE ON dealer_members REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tulpar_viewers_by_user();
--> statement-breakpoint
CREATE TRIGGER messages_viewers_inserted AFTER INSERT ON messages REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tulpar_viewers_by_conversation();
--> statement-breakpoint
CREATE TRIGGER messages_viewers_deleted AFTER DELETE ON messages REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tulpar_viewers_by_conversation();
--> statement-breakpoint
CREATE TRIGGER seats_viewers_inserted AFTER INSERT ON conversation_participants REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tulpar_viewers_by_seat();
--> statement-breakpoint
CREATE TRIGGER seats_viewers_updated AFTER UPDATE ON conversation_participants REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tulpar_viewers_by_seat();
--> statement-breakpoint
CREATE TRIGGER seats_viewers_deleted AFTER DELETE ON conversation_participants REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tulpar_viewers_by_seat();
