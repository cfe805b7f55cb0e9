import { useId, useState } from 'react';
import { Box, Button, Table } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconTable } from '@tabler/icons-react';

export interface ChartDataRow {
  /** The row's header: the day or the hour the values are for. */
  label: string;
  values: number[];
}

/**
 * A chart's numbers as a table, opened by "Show data as table" under the chart (decision 194): for screen readers the
 * chart's text alternative, for everyone the exact figures the chart only shows on hover. It has a caption, a header
 * for each column and each row (the day or hour), and scrolls within itself past a screenful of rows. The button's
 * name adds the caption to its text, so the page's buttons differ to a screen reader (and still match what voice
 * control users read); the scrolling box, a Tab stop, is a region named by the caption.
 */
export function ChartDataTable({
  caption,
  rowHeader,
  columns,
  rows,
}: {
  caption: string;
  rowHeader: string;
  columns: string[];
  rows: ChartDataRow[];
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const text = open ? 'Hide data table' : 'Show data as table';
  return (
    <>
      <Button
        variant="default"
        size="xs"
        mt="xs"
        leftSection={<IconTable size={16} aria-hidden />}
        rightSection={open ? <IconChevronUp size={14} aria-hidden /> : <IconChevronDown size={14} aria-hidden />}
        aria-expanded={open}
        aria-controls={id}
        aria-label={`${text}: ${caption}`}
        onClick={() => setOpen((o) => !o)}
      >
        {text}
      </Button>
      <Box id={id} hidden={!open} mt="xs">
        {open && (
          <Table.ScrollContainer
            minWidth={240}
            maxHeight={360}
            scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': caption } }}
          >
            <Table stickyHeader captionSide="top" verticalSpacing={4} striped tabularNums>
              <Table.Caption>{caption}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{rowHeader}</Table.Th>
                  {columns.map((c) => (
                    <Table.Th key={c} scope="col" ta="right">
                      {c}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={r.label}>
                    <Table.Th scope="row" fw={400}>
                      {r.label}
                    </Table.Th>
                    {r.values.map((v, i) => (
                      <Table.Td key={columns[i]} ta="right">
                        {v.toLocaleString()}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Box>
    </>
  );
}
