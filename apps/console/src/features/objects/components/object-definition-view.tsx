import { useMemo } from "react";
import { Link as RouterLink } from "react-router";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import Edit from "@mui/icons-material/Edit";
import type { ObjectBody } from "@baton/contract";
import { DetailList } from "../../../components/detail-list";
import { MonoBlock } from "../../../components/mono-block";
import { definitionSections } from "./object-definition-view-model";
import type { DefinitionSection } from "./object-definition-view-fields";
import { ObjectDefinitionScript } from "./object-definition-view-script";
import { DefinitionTable, ObjectLink } from "./object-definition-view-table";

function SectionBody({ section, name }: { section: DefinitionSection; name: string }) {
  switch (section.kind) {
    case "fields":
      return section.fields.length === 0 ? (
        <Typography color="text.secondary">None.</Typography>
      ) : (
        <DetailList items={section.fields.map((field) => ({ label: field.label, value: field.object === undefined ? field.value : <ObjectLink name={field.object} /> }))} />
      );
    case "table":
      return <DefinitionTable section={section} />;
    case "script":
      return section.text.trim() === "" ? <Typography color="text.secondary">This page is empty.</Typography> : <ObjectDefinitionScript text={section.text} label={`${section.title} of ${name}`} />;
    case "json":
      return (
        <MonoBlock label={`${section.title} of ${name}`} maxHeight={320}>
          {section.json}
        </MonoBlock>
      );
  }
}

/**
 * An object's definition as labelled sections (object-definition-view-model.ts): attributes as
 * fields, lists as tables, script pages highlighted. Editing stays in the Edit tab, one click away.
 */
export function ObjectDefinitionView({ name, body }: { name: string; body: ObjectBody }) {
  const sections = useMemo(() => definitionSections(body), [body]);
  return (
    <Box sx={{ display: "grid", gap: 3 }}>
      {sections.map((section, index) => (
        <Box component="section" aria-label={section.title} key={`${section.title}-${index}`}>
          <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 1, mb: 1 }}>
            <Typography variant="h3">{section.title}</Typography>
            {section.kind === "script" ? (
              <Button size="small" component={RouterLink} to="?tab=edit" startIcon={<Edit />} aria-label={`Edit ${section.title.toLowerCase()} in the definition`}>
                Edit
              </Button>
            ) : null}
          </Box>
          <SectionBody section={section} name={name} />
        </Box>
      ))}
    </Box>
  );
}
