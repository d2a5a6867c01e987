import { CONTACT_IMPORT_REJECTIONS_LISTED, type ContactImportDetail } from '@lead-engine/contracts/console';
import { Table, Text } from '@mantine/core';
import { number } from '../contact-import-words';
import { TableRegion } from '../../../shared/ui/table-region';

const RIGHT = { textAlign: 'right' } as const;

/** The rejected rows by line number (the header is line 1), the first 1,000 of them. */
export function RejectionsTable({ contactImport }: { contactImport: ContactImportDetail }) {
  const { rejected, rejections } = contactImport;
  return (
    <>
      <Text size="sm" data-testid="rejections-shown">
        {rejected > rejections.length
          ? `The first ${number.format(rejections.length)} of ${number.format(rejected)} rejected rows, in file order (at most ${number.format(CONTACT_IMPORT_REJECTIONS_LISTED)} are kept):`
          : `${rejected === 1 ? 'The rejected row' : `The ${number.format(rejected)} rejected rows`}, by line of the file (the header is line 1):`}
      </Text>
      <TableRegion label="Rejected rows" maxHeight={480}>
        <Table verticalSpacing={6} striped stickyHeader>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col" style={RIGHT} w="5rem">
                Line
              </Table.Th>
              <Table.Th scope="col">Reason</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rejections.map(({ line, reason }) => (
              <Table.Tr key={line} data-testid="rejection">
                <Table.Td style={RIGHT} data-testid="rejection-line">
                  {number.format(line)}
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }} data-testid="rejection-reason">
                  {reason}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableRegion>
    </>
  );
}
