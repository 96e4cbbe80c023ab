-- The HUE of every stored heat dose again, on NSF's curve (docs/hygiene.md, "Heat dose"): each second of
-- the final-rinse trace (tenths of °C) is worth 3.03438e-17 × e^(0.265972 × T °F), T at most 165 °F.
-- Until now it was computed on an assumed curve (60 HUE a second at 71.1 °C, z = 8.33 K). The trace
-- and everything the chain covers are unchanged; A0 and the seconds were right and stay. Summed in
-- the trace's order and rounded half up, as heatDose does; a trace that is not an array is left alone.
UPDATE "haccp_events" e SET "heat_dose" = jsonb_set(e."heat_dose", '{hue}', to_jsonb(round(d."hue"::numeric)::int))
FROM (
  SELECT x."serial_number", x."id",
    sum(3.03438e-17::float8 * exp(0.265972::float8 * least(t."v"::float8 / 10 * 9 / 5 + 32, 165)) ORDER BY t."i") AS "hue"
  FROM "haccp_events" x CROSS JOIN LATERAL jsonb_array_elements_text(x."rinse_trace") WITH ORDINALITY AS t("v", "i")
  WHERE x."heat_dose" IS NOT NULL AND jsonb_typeof(x."rinse_trace") = 'array'
  GROUP BY x."serial_number", x."id"
) d
WHERE e."heat_dose" IS NOT NULL AND d."serial_number" = e."serial_number" AND d."id" = e."id";
