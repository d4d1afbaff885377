-- Unconfirmed members are no longer listed (app/models/members/listing.ts isListed): hide the existing ones.
UPDATE "profiles" SET "listed" = false FROM "members" WHERE "members"."id" = "profiles"."member_id" AND "members"."status" = 'not_confirmed' AND "profiles"."listed";
