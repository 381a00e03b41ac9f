import { Box } from "@shopify/polaris";
import type { ReactNode } from "react";
import styles from "./stacked-below.module.css";

/** The Polaris breakpoint below which rows stack: `sm` (490 px, phones) or `lg` (1040 px, tablets too). */
export type StackBreakpoint = "sm" | "lg";

/**
 * A list laid out as a table, and as stacked rows below a breakpoint, chosen by CSS media queries: the server's
 * HTML is right at every width and nothing changes at hydration, unlike `useBreakpoints`, which is known in the
 * browser only (docs/decisions/147). Both variants are rendered; the hidden one is `display: none`, out of the
 * accessibility tree, so give the stacked variant's rows ids of their own (see `stackedRowId`).
 */
export function StackedBelow({
  breakpoint,
  wide,
  stacked,
}: {
  breakpoint: StackBreakpoint;
  wide: ReactNode;
  stacked: ReactNode;
}) {
  return (
    <>
      <div className={styles[`${breakpoint}Wide`]} data-layout="wide">
        {wide}
      </div>
      <div className={`${styles.stacked} ${styles[`${breakpoint}Stacked`]}`} data-layout="stacked">
        {stacked}
      </div>
    </>
  );
}

/** The stacked variant's row id: Polaris' IndexTable.Row renders its id in the DOM, and ids must stay unique. */
export const stackedRowId = (id: string) => `${id}-stacked`;

/**
 * A stacked row's content. Not an `IndexTable.Cell`: that is a `<td>`, which the HTML parser drops from the
 * condensed list's `<li>` when the server sends it, and hydration then fails (Polaris' condensed examples put
 * their content straight in the row too).
 */
export function StackedCell({ children }: { children: ReactNode }) {
  return (
    <Box paddingBlock="300" paddingInline="400">
      {children}
    </Box>
  );
}
