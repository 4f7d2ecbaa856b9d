import clsx from 'clsx';
import { Tabs as RadixTabs } from 'radix-ui';
import type { ComponentPropsWithoutRef } from 'react';
import './tabs.css';

/** Radix Tabs with the app's look: arrow keys move between tabs, the panel follows. */
export function Tabs({ className, ...props }: ComponentPropsWithoutRef<typeof RadixTabs.Root>) {
  return <RadixTabs.Root className={clsx('ui-tabs', className)} {...props} />;
}

export function TabsList({ className, ...props }: ComponentPropsWithoutRef<typeof RadixTabs.List>) {
  return <RadixTabs.List className={clsx('ui-tabs__list', className)} {...props} />;
}

export function TabsTrigger({
  className,
  ...props
}: ComponentPropsWithoutRef<typeof RadixTabs.Trigger>) {
  return <RadixTabs.Trigger className={clsx('ui-tabs__trigger', className)} {...props} />;
}

export function TabsContent({
  className,
  ...props
}: ComponentPropsWithoutRef<typeof RadixTabs.Content>) {
  return <RadixTabs.Content className={clsx('ui-tabs__content', className)} {...props} />;
}
