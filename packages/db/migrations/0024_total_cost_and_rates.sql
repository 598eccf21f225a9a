CREATE TABLE "job_leases" (
	"name" text PRIMARY KEY NOT NULL,
	"leased_until" timestamp with time zone NOT NULL,
	"last_success_at" timestamp with time zone
);
--> statement-breakpoint
-- The fee periods a programme's duration implies, as packages/core/src/cost/total-cost.ts counts
-- them (docs/decisions/051-total-cost-and-rates.md): years in halves, semesters, months and credits
-- (30 a year) whole, at least one period, a reach of 3 % of a period forgiven; one period for a fee
-- for the whole programme; null for a fee base or duration unit it does not know.
CREATE OR REPLACE FUNCTION public.tuition_periods(duration integer, duration_base text, fee_base text)
RETURNS numeric LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  select case fee_base
      when 'programme' then 1::numeric
      when 'year' then greatest(0.5, ceil((case when duration_base = 'years' then duration::numeric else d.years end) * 2 - 0.03) * 0.5)
      when 'semester' then greatest(1, ceil(d.years * 2 - 0.03))
      when 'month' then greatest(1, ceil((case when duration_base = 'months' then duration::numeric else d.years * 12 end) - 0.03))
      when 'credit' then greatest(1, ceil(d.years * 30 - 0.03))
    end
  from (select duration * (case duration_base when 'hours' then 0.125 when 'days' then 1
      when 'weeks' then 7 when 'months' then 30.4375 when 'years' then 365.25 end) / 365.25 as years) d
$$;
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "tuition_total_usd" numeric(16, 2) GENERATED ALWAYS AS ((case when tuition_fee_usd is null then null when tuition_fee = 0 then 0 else round(tuition_fee_usd * public.tuition_periods(duration, duration_base, tuition_fee_base), 2) end)) STORED;--> statement-breakpoint
ALTER TABLE "currencies" ADD COLUMN "rate_source" text DEFAULT 'seed' NOT NULL;--> statement-breakpoint
CREATE INDEX "courses_tuition_total_usd_idx" ON "courses" USING btree ("tuition_total_usd");
