import { TIMINGS } from '@otakura/shared';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Avatar, initials } from './avatar';
import { Button } from './button';
import { ConfirmDialog } from './confirm-dialog';
import { Input } from './field';
import { IconButton } from './icon-button';
import { Modal } from './modal';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';
import { ToastProvider, useToast } from './toast';

describe('Button', () => {
  it('is disabled and busy while loading, keeping its accessible name', () => {
    render(<Button loading>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
  });

  it('defaults to type="button" so it never submits a form by accident', () => {
    render(<Button>Go</Button>);
    expect(screen.getByRole('button', { name: 'Go' })).toHaveAttribute('type', 'button');
  });
});

describe('IconButton', () => {
  it('is named by its aria-label', () => {
    render(
      <IconButton aria-label="Close">
        <svg />
      </IconButton>,
    );
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });
});

describe('Input', () => {
  it('ties its label, hint and error together', () => {
    render(<Input label="Title" hint="Up to 999 characters" error="Title is required" />);
    const input = screen.getByLabelText('Title');
    expect(input).toHaveAccessibleDescription('Up to 999 characters Title is required');
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it('is not marked invalid without an error', () => {
    render(<Input label="Title" />);
    expect(screen.getByLabelText('Title')).not.toHaveAttribute('aria-invalid');
  });
});

describe('Modal', () => {
  it('traps focus inside, closes on Escape and returns focus to the trigger', async () => {
    const user = userEvent.setup();
    render(
      <Modal title="Upload profile picture" trigger={<Button>Open</Button>}>
        <Button>Select Image</Button>
      </Modal>,
    );
    const trigger = screen.getByRole('button', { name: 'Open' });
    await user.click(trigger);
    const dialog = await screen.findByRole('dialog', { name: 'Upload profile picture' });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });
});

describe('ConfirmDialog', () => {
  it('runs the action only when confirmed and shows loading while it runs', async () => {
    const user = userEvent.setup();
    let finish: () => void = () => undefined;
    const onConfirm = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(
      <ConfirmDialog
        trigger={<Button>Delete</Button>}
        title="Delete this comment?"
        confirmLabel="Delete Comment"
        onConfirm={onConfirm}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this comment?' });
    await user.click(screen.getByRole('button', { name: 'Delete Comment' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Delete Comment' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    await act(async () => finish());
    expect(dialog).not.toBeInTheDocument();
  });
});

describe('Tabs', () => {
  it('switches panels with the arrow keys', async () => {
    const user = userEvent.setup();
    render(
      <Tabs defaultValue="text">
        <TabsList aria-label="Post type">
          <TabsTrigger value="text">Text</TabsTrigger>
          <TabsTrigger value="media">Media</TabsTrigger>
          <TabsTrigger value="url">Url</TabsTrigger>
        </TabsList>
        <TabsContent value="text">Text panel</TabsContent>
        <TabsContent value="media">Media panel</TabsContent>
        <TabsContent value="url">Url panel</TabsContent>
      </Tabs>,
    );
    await user.click(screen.getByRole('tab', { name: 'Text' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Media' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Media panel');
  });
});

describe('Toast', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  function Trigger() {
    const { toast } = useToast();
    return (
      <button onClick={() => toast({ title: 'Item successfully removed from cart!' })}>
        remove
      </button>
    );
  }

  it('shows a toast and closes it after TIMINGS.toastMs (5000 ms)', () => {
    vi.useFakeTimers();
    render(
      <ToastProvider>
        <Trigger />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'remove' }));
    expect(screen.getByText('Item successfully removed from cart!')).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(TIMINGS.toastMs - 100));
    expect(screen.getByText('Item successfully removed from cart!')).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByText('Item successfully removed from cart!')).not.toBeInTheDocument();
  });
});

describe('Avatar', () => {
  it('shows initials when there is no picture, named by the person', () => {
    render(<Avatar name="Aiko Tanaka" />);
    expect(screen.getByRole('img', { name: 'Aiko Tanaka' })).toHaveTextContent('AT');
  });

  it('makes initials from one or many words, Japanese included', () => {
    expect(initials('aiko')).toBe('AI');
    expect(initials('Monkey D. Luffy')).toBe('ML');
    expect(initials('山田 太郎')).toBe('山太');
    expect(initials('  ')).toBe('?');
  });
});
