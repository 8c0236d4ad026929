import { type ReactNode, useEffect, useRef } from 'react'

/**
 * A modal `<dialog>` driven by `open`: focus moves into it, Escape closes it (through `onClose`), the page
 * behind is inert.
 */
export function Dialog({
  open,
  onClose,
  labelledBy,
  describedBy,
  className,
  children,
}: {
  open: boolean
  onClose: () => void
  labelledBy: string
  describedBy?: string
  className?: string
  children: ReactNode
}) {
  const ref = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
    else if (!open && dialog.open) dialog.close()
  }, [open])
  return (
    <dialog
      ref={ref}
      className={className ? `dialog ${className}` : 'dialog'}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onClose={onClose}
    >
      {/* Closed, it holds nothing: no duplicate labels or fields in the page. */}
      {open ? children : null}
    </dialog>
  )
}
