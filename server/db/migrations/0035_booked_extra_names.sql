-- Each extra of a booking keeps its name in every language as the landing had it when booked, so
-- the booking's pages read in the other language name it in that one (the name column stays the
-- booking language's, as its emails and the owner's lists say it). Lines from before have none.
ALTER TABLE "reservation_addons" ADD COLUMN "names" jsonb;
