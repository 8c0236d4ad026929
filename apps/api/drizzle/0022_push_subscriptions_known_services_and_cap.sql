-- Issue 35: push subscriptions were saved for any https endpoint and without limit. From now on only the browsers'
-- push services are accepted (delivery/push-endpoint.ts) and an account keeps its 10 most recently saved browsers
-- (notifications.service.ts); the rows saved before are brought under the same rules. The hosts as the code knew
-- them on this day: FCM, Mozilla's autopush, Apple's and Windows' push services; https, default port, no user@.
DELETE FROM "push_subscriptions"
  WHERE "endpoint" !~* '^https://(fcm\.googleapis\.com|updates\.push\.services\.mozilla\.com|[^/@:?#\[\]]+\.push\.apple\.com|[^/@:?#\[\]]+\.notify\.windows\.com)(/|$)';--> statement-breakpoint
DELETE FROM "push_subscriptions" p
  USING (
    SELECT "id", row_number() OVER (PARTITION BY "user_id" ORDER BY "created_at" DESC, "id" DESC) AS "n"
    FROM "push_subscriptions"
  ) r
  WHERE p."id" = r."id" AND r."n" > 10;
